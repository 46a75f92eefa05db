import { ROLE_MAIN_ADMIN } from '@portal/shared-contracts/account';
import { usePortalForm } from '@portal/shared-contracts/forms';
import { usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import {
  CUSTOMER_RETURN_MODES,
  type CustomerReturnMode,
  isCustomerReturnMode,
  RETURN_CODES,
  RETURN_MESSAGES,
} from '@portal/shared-contracts/returns';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { Radio } from '@portal/shared-contracts/ui/forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogues, NAMESPACE } from '../../../i18n';
import { saidOf } from '../violations';

const settingsKey = (accountId: number) => ['return-settings', accountId] as const;

interface Values extends Record<string, unknown> {
  customerReturns: CustomerReturnMode | '';
}

/** The shared rule the API applies: one of the three choices (RETURN_SETTING_INVALID beside the field). */
const rules = ({ customerReturns }: Values) =>
  isCustomerReturnMode(customerReturns)
    ? []
    : [
        {
          propertyPath: 'customerReturns',
          message: RETURN_MESSAGES.en.settingInvalid,
          code: RETURN_CODES.settingInvalid,
        },
      ];

/**
 * A company account's return settings (issue 40 item 1): whether its customers may start returns
 * on /returns with the order number and e-mail, and who pays their postage (the shop on account,
 * the default, or the customer by card before the label). Return codes and labels the shop makes
 * itself are not affected. Every member reads them; the main administrator changes them (the API
 * refuses anyone else, and says so beside the choice).
 */
export function ReturnSettingsSection({ accountId }: { accountId: number }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { api, translateServerMessage } = usePlatform();
  const settings = useQuery({
    queryKey: settingsKey(accountId),
    queryFn: ({ signal }) => api.GET('/api/accounts/{id}/return_settings', { path: { id: accountId }, signal }),
  });
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="return-settings-heading"
      data-testid="return-settings"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="return-settings-heading">
          {t('settings.returns.title')}
        </Title>
        {settings.isPending ? (
          <Loader aria-label={t('settings.loading')} />
        ) : settings.data ? (
          <ReturnSettingsForm accountId={accountId} initial={settings.data.customerReturns} />
        ) : (
          <Alert color="red" role="alert">
            {translateServerMessage(saidOf(settings.error))}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function ReturnSettingsForm({ accountId, initial }: { accountId: number; initial: CustomerReturnMode }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { api, session, notify } = usePlatform();
  const queryClient = useQueryClient();
  const role = session?.user?.userAccounts.find((link) => link.account.id === accountId)?.role;
  const form = usePortalForm<Values>({ initialValues: { customerReturns: initial }, rules });
  return (
    <form
      noValidate
      onSubmit={form.submit(async ({ customerReturns }) => {
        const saved = await api.PUT('/api/accounts/{id}/return_settings', {
          path: { id: accountId },
          body: { customerReturns },
        });
        queryClient.setQueryData(settingsKey(accountId), saved);
        notify('success', t('settings.returns.saved'));
      })}
      data-testid="return-settings-form"
    >
      <Stack gap="sm">
        <Radio.Group
          label={t('settings.returns.customerReturns')}
          description={t('settings.returns.customerReturnsHint')}
          {...form.getInputProps('customerReturns')}
          data-testid="customer-returns"
        >
          <Stack gap="xs" mt="xs">
            {CUSTOMER_RETURN_MODES.map((mode) => (
              <Radio
                key={mode}
                value={mode}
                label={t(`settings.returns.modes.${mode}`)}
                description={t(`settings.returns.modeHints.${mode}`)}
                data-testid={`customer-returns-${mode}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        {role !== ROLE_MAIN_ADMIN && (
          <Text size="sm" c="dimmed">
            {t('settings.returns.mainAdminOnly')}
          </Text>
        )}
        {form.serverError && (
          <Alert color="red" role="alert">
            {form.serverError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting} data-testid="return-settings-save">
            {t('settings.returns.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
