import { type FieldMessages, fieldErrorsOf } from '@portal/shared-contracts';
import { usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@portal/shared-contracts/ui';
import { type FormEvent, useCallback, useState } from 'react';
import { catalogues, NAMESPACE } from '../../../i18n';
import { emailError, nameError } from '../../../shared/validation';
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
  const [values, setValues] = useState(() => ({
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: account?.email ?? user?.email ?? '',
    address: account?.contact.address ?? '',
    returnParcelLocker: account?.contact.returnParcelLocker ?? '',
  }));
  const [errors, setErrors] = useState<FieldMessages>({});
  const [saving, setSaving] = useState(false);
  const setLocker = useCallback(
    (returnParcelLocker: string) => setValues((current) => ({ ...current, returnParcelLocker })),
    [],
  );
  if (!user || !account || !session) return null;

  const field = (name: 'firstName' | 'lastName' | 'email' | 'address') => ({
    name,
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
    },
    error: errors[name] ? translateServerMessage(errors[name]) : undefined,
  });

  const validate = (): FieldMessages => {
    const found: FieldMessages = {};
    const first = nameError(values.firstName);
    if (first) found.firstName = first;
    const last = nameError(values.lastName);
    if (last) found.lastName = last;
    const mail = emailError(values.email.trim());
    if (mail) found.email = mail;
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
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
      const violations = fieldErrorsOf(error, settingsField);
      if (violations) setErrors(violations);
      else notify('error', translateServerMessage(saidOf(error)));
    } finally {
      setSaving(false);
    }
  };

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
              value={values.returnParcelLocker}
              onChange={setLocker}
              error={errors.returnParcelLocker ? translateServerMessage(errors.returnParcelLocker) : undefined}
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
              <Button type="submit" loading={saving} data-testid="profile-save">
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
