import { ApplicationError } from '@portal/shared-contracts';
import { PageHeading, usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@portal/shared-contracts/ui';
import { type FormEvent, useState } from 'react';
import { catalogues, NAMESPACE } from '../../i18n';
import { MyComplaints } from '../complaints/MyComplaints';
import { emailError, nameError, phoneError } from './validation';

type Errors = Record<string, string>;

/** Server violations by field: `contact.phone` → `phone`, `firstName` → `firstName`. */
function violationsOf(error: unknown): Errors | null {
  if (!(error instanceof ApplicationError) || error.violations.length === 0) return null;
  return Object.fromEntries(
    error.violations.map((item) => [item.propertyPath.replace(/^contact\./, ''), item.message]),
  );
}

/** SPEC §3 sender profile: names, phone, addresses, e-mail, sign-in methods, e-notification consent. */
export function ProfilePage() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { session } = usePlatform();
  if (!session?.user || !session.activeAccount) {
    return (
      <Center mih={240}>
        <Loader aria-label="…" />
      </Center>
    );
  }
  return (
    <Stack gap="lg">
      <PageHeading>{t('pages.profile')}</PageHeading>
      <ProfileForm key={`${session.user.id}-${session.activeAccount.id}`} />
      <MyComplaints />
      <CompanyApplication />
      <DeleteAccount />
    </Stack>
  );
}

function ProfileForm() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { api, session, notify, translateServerMessage } = usePlatform();
  const user = session?.user;
  const account = session?.activeAccount;
  const [values, setValues] = useState(() => ({
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: account?.email ?? user?.email ?? '',
    phonePrefix: account?.contact.phonePrefix || '371',
    phone: account?.contact.phone ?? '',
    address: account?.contact.address ?? '',
    returnParcelLocker: account?.contact.returnParcelLocker ?? '',
    eNotifications: account?.contact.eNotifications ?? '',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  if (!user || !account || !session) return null;

  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
    },
    error: errors[name] ? translateServerMessage(errors[name]) : undefined,
  });

  const validate = (): Errors => {
    const found: Errors = {};
    const first = nameError(values.firstName);
    if (first) found.firstName = first;
    const last = nameError(values.lastName);
    if (last) found.lastName = last;
    const mail = emailError(values.email.trim());
    if (mail) found.email = mail;
    const phone = phoneError(values.phonePrefix.trim(), values.phone.trim());
    if (phone) found[phone.field] = phone.message;
    if (!values.eNotifications) found.eNotifications = 'Choose agree or disagree.';
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await api.patch(`/api/users/${user.id}`, {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
      });
      await api.patch(`/api/accounts/${account.id}`, {
        email: values.email.trim() || null,
        contact: {
          phonePrefix: values.phonePrefix.trim(),
          phone: values.phone.trim() || null,
          address: values.address.trim() || null,
          returnParcelLocker: values.returnParcelLocker.trim() || null,
          eNotifications: values.eNotifications,
        },
      });
      await session.reloadUser();
      notify('success', t('profile.saved'));
    } catch (error) {
      const violations = violationsOf(error);
      if (violations) setErrors(violations);
      else notify('error', translateServerMessage(error instanceof Error ? error.message : String(error)));
    } finally {
      setSaving(false);
    }
  };

  const methods = user.authMethods.filter((method) => method === 'smartid' || method === 'eparaksts');
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate data-testid="profile-form">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput label={t('profile.firstName')} name="firstName" required {...field('firstName')} />
          <TextInput label={t('profile.lastName')} name="lastName" required {...field('lastName')} />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label={t('profile.phonePrefix')}
            name="phonePrefix"
            leftSection="+"
            maw={140}
            inputMode="numeric"
            {...field('phonePrefix')}
          />
          <TextInput label={t('profile.phone')} name="phone" inputMode="tel" {...field('phone')} />
        </Group>
        <TextInput label={t('profile.email')} name="email" type="email" {...field('email')} />
        <TextInput label={t('profile.address')} name="address" {...field('address')} />
        <TextInput label={t('profile.returnParcelLocker')} name="returnParcelLocker" {...field('returnParcelLocker')} />
        <div>
          <Text size="sm" fw={500} id="e-notifications-label">
            {t('profile.eNotifications')}
          </Text>
          <SegmentedControl
            aria-labelledby="e-notifications-label"
            value={values.eNotifications}
            onChange={(value) => setValues((current) => ({ ...current, eNotifications: value }))}
            data={[
              { value: 'agree', label: t('profile.agree') },
              { value: 'disagree', label: t('profile.disagree') },
            ]}
          />
          {errors.eNotifications && (
            <Text c="red" size="xs" role="alert">
              {translateServerMessage(errors.eNotifications)}
            </Text>
          )}
        </div>
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
    </Paper>
  );
}

function CompanyApplication() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { api, notify, translateServerMessage } = usePlatform();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({
    companyName: '',
    registrationNumber: '',
    vatNumber: '',
    email: '',
    phone: '',
    address: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);
  const field = (name: keyof typeof values, label: string) => ({
    label,
    name,
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
    },
    error: errors[name] ? translateServerMessage(errors[name]) : undefined,
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api.post('/api/company_applications', { ...values, phonePrefix: '371' });
      setSent(true);
      setErrors({});
    } catch (error) {
      const violations = violationsOf(error);
      if (violations) setErrors(violations);
      else notify('error', translateServerMessage(error instanceof Error ? error.message : String(error)));
    }
  };
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {t('company.title')}
      </Title>
      {sent ? (
        <Alert color="green" role="status">
          {t('company.sent')}
        </Alert>
      ) : open ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput required {...field('companyName', t('company.name'))} />
            <TextInput required {...field('registrationNumber', t('company.registrationNumber'))} />
            <TextInput {...field('vatNumber', t('company.vatNumber'))} />
            <TextInput required type="email" {...field('email', t('company.email'))} />
            <TextInput {...field('phone', t('company.phone'))} />
            <TextInput {...field('address', t('company.address'))} />
            <Group justify="flex-end">
              <Button type="submit">{t('company.submit')}</Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Button variant="light" onClick={() => setOpen(true)}>
          {t('company.open')}
        </Button>
      )}
    </Paper>
  );
}

function DeleteAccount() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { api, session, notify, translateServerMessage } = usePlatform();
  const [confirming, setConfirming] = useState(false);
  const account = session?.activeAccount;
  if (!account || !session) return null;
  const remove = async () => {
    try {
      await api.delete(`/api/accounts/${account.id}`);
      // SPEC §4: the first remaining account becomes active (user loading creates a private one if none).
      await session.reloadUser();
      notify('success', t('delete.done'));
    } catch (error) {
      notify('error', translateServerMessage(error instanceof Error ? error.message : String(error)));
    } finally {
      setConfirming(false);
    }
  };
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {t('delete.title')}
      </Title>
      {confirming ? (
        <Group>
          <Text>{t('delete.confirm')}</Text>
          <Button color="red" onClick={() => void remove()}>
            {t('delete.yes')}
          </Button>
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('delete.no')}
          </Button>
        </Group>
      ) : (
        <Button color="red" variant="light" onClick={() => setConfirming(true)}>
          {t('delete.button')}
        </Button>
      )}
    </Paper>
  );
}
