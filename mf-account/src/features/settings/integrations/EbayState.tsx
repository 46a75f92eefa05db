import { fieldErrorsOf } from '@portal/shared-contracts';
import { MAX_EBAY_ACCOUNT_NAME } from '@portal/shared-contracts/ebay';
import { usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Alert, Badge, Button, Group, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { type FormEvent, useState } from 'react';
import { catalogues, NAMESPACE } from '../../../i18n';
import { messageOf, saidOf, settingsField } from '../violations';
import { goToConsent, useEbayAccounts, useStartEbayLink, useUnlinkEbay } from './ebay-api';

const STATUS_COLOURS = { linked: 'green', unfinished: 'yellow', revoked: 'red' } as const;

/**
 * The user's eBay accounts (SPEC §3 eBay integration: name): each with its state; an unfinished
 * link is completed or deleted (SPEC §4), a revoked one linked again; a new one is named and
 * linked on eBay's consent page, which sends the browser back to /user/ebay/accounts/accepted.
 */
export function EbayState() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { translateServerMessage } = usePlatform();
  const accounts = useEbayAccounts();
  const start = useStartEbayLink();
  const unlink = useUnlinkEbay();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  const link = (target: { name: string } | { id: number }) =>
    start.mutate(target, {
      onSuccess: (started) => goToConsent(started.consentUrl),
      onError: (failure) =>
        setNameError(translateServerMessage(fieldErrorsOf(failure, settingsField)?.name ?? messageOf(failure))),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setNameError(t('settings.integrations.nameRequired'));
    setNameError(null);
    link({ name });
  };

  const members = accounts.data?.['hydra:member'] ?? [];
  return (
    <Stack gap="sm">
      {accounts.isPending && <Text c="dimmed">{t('loading')}</Text>}
      {accounts.isError && (
        <Alert color="red" role="alert">
          {translateServerMessage(saidOf(accounts.error))}
        </Alert>
      )}
      {accounts.isSuccess && members.length === 0 && (
        <Group justify="space-between" wrap="nowrap">
          <Text data-testid="integration-state-ebay">{t('settings.integrations.ebayNotLinked')}</Text>
          <Badge color="gray" variant="light">
            {t('settings.integrations.notLinked')}
          </Badge>
        </Group>
      )}
      {members.map((account) => (
        <Group key={account.id} justify="space-between" data-testid={`ebay-account-${account.id}`}>
          <Stack gap={2}>
            <Text fw={600}>{account.name}</Text>
            {account.importProblem && (
              <Text size="sm" c="red.8">
                {translateServerMessage(account.importProblem)}
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            <Badge color={STATUS_COLOURS[account.status]} variant="light">
              {t(`settings.integrations.status.${account.status}`)}
            </Badge>
            {account.status !== 'linked' && (
              <Button size="xs" variant="light" onClick={() => link({ id: account.id })} loading={start.isPending}>
                {t(account.status === 'unfinished' ? 'settings.integrations.complete' : 'settings.integrations.relink')}
              </Button>
            )}
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => unlink.mutate(account.id)}
              aria-label={t('settings.integrations.unlinkNamed', { name: account.name })}
            >
              {t(account.status === 'unfinished' ? 'delete' : 'settings.integrations.unlink')}
            </Button>
          </Group>
        </Group>
      ))}
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('settings.integrations.accountName')}
            description={t('settings.integrations.accountNameHint')}
            value={name}
            maxLength={MAX_EBAY_ACCOUNT_NAME}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={start.isPending}>
            {t('settings.integrations.link')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
