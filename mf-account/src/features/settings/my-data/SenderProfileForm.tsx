import { usePortalForm } from '@portal/shared-contracts/forms';
import { usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@portal/shared-contracts/ui';
import { useCallback } from 'react';
import { catalogues, NAMESPACE } from '../../../i18n';
import { profileViolations } from '../../../shared/validation';
import { saidOf, settingsField } from '../violations';
import { PhoneChange } from './PhoneChange';
import { ReturnLockerChooser } from './ReturnLockerChooser';

/**
 * SPEC §3 Sender profile: names, phone (changed only with an SMS code: PhoneChange), shipping
 * address, return parcel locker, e-mail and the sign-in methods used. The names are the user's;
 * the rest belongs to the active account (a company's users share it).
 */
export function SenderProfileForm() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { api, session, notify, translateServerMessage } = usePlatform();
  const user = session?.user;
  const account = session?.activeAccount;
  const form = usePortalForm({
    initialValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: account?.email ?? user?.email ?? '',
      address: account?.contact.address ?? '',
      returnParcelLocker: account?.contact.returnParcelLocker ?? '',
    },
    rules: profileViolations,
    fieldOf: settingsField,
  });
  const { setFieldValue } = form;
  const setLocker = useCallback(
    (returnParcelLocker: string) => setFieldValue('returnParcelLocker', returnParcelLocker),
    [setFieldValue],
  );
  if (!user || !account || !session) return null;

  const field = (name: 'firstName' | 'lastName' | 'email' | 'address') => ({
    name,
    ...form.getInputProps(name),
  });

  const submit = form.submit(async (values) => {
    try {
      await api.PATCH('/api/users/{id}', {
        path: { id: user.id },
        body: { firstName: values.firstName.trim(), lastName: values.lastName.trim() },
      });
      await api.PATCH('/api/accounts/{id}', {
        path: { id: account.id },
        body: {
          email: values.email.trim() || null,
          contact: {
            address: values.address.trim() || null,
            returnParcelLocker: values.returnParcelLocker.trim() || null,
          },
        },
      });
      await session.reloadUser();
      notify('success', t('profile.saved'));
    } catch (error) {
      // A failure that names no field is a notification here, not a message in the form.
      if (!form.applyServerViolations(error)) notify('error', translateServerMessage(saidOf(error)));
    }
  });

  const methods = user.authMethods.filter((method) => method === 'smartid' || method === 'eparaksts');
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {t('settings.myData.title')}
      </Title>
      <Stack gap="md">
        <form onSubmit={submit} noValidate data-testid="profile-form" aria-label={t('settings.myData.title')}>
          <Stack gap="sm">
            <Group grow align="flex-start">
              <TextInput label={t('profile.firstName')} required {...field('firstName')} />
              <TextInput label={t('profile.lastName')} required {...field('lastName')} />
            </Group>
            <TextInput label={t('profile.email')} type="email" {...field('email')} />
            <TextInput label={t('profile.address')} {...field('address')} />
            <ReturnLockerChooser
              value={form.values.returnParcelLocker}
              onChange={setLocker}
              error={form.fieldError('returnParcelLocker')}
            />
            <div>
              <Text size="sm" fw={500}>
                {t('profile.authMethods')}
              </Text>
              <Text size="sm" data-testid="auth-methods">
                {methods.length > 0
                  ? methods.map((method) => t(`profile.method.${method}`)).join(', ')
                  : t('profile.noVerifiedMethods')}
              </Text>
            </div>
            <Group justify="flex-end">
              <Button type="submit" loading={form.submitting} data-testid="profile-save">
                {t('profile.save')}
              </Button>
            </Group>
          </Stack>
        </form>
        <PhoneChange key={account.id} />
      </Stack>
    </Paper>
  );
}
