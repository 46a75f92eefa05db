import {
  COMPANY_REGISTRATION_NUMBER_LENGTH,
  companyApplicationViolations,
  MAX_COMPANY_APPLICATION_TEXT,
} from '@portal/shared-contracts/account';
import { usePortalForm } from '@portal/shared-contracts/forms';
import { PageHeading, usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@portal/shared-contracts/ui';
import { useState } from 'react';
import { MyComplaints } from '../../features/complaints';
import { SenderProfileForm } from '../../features/settings';
import { catalogues, NAMESPACE } from '../../i18n';

/** The form's field of a violation: `contact.phone` → `phone`, `firstName` → `firstName`. */
const profileField = (propertyPath: string) => propertyPath.replace(/^contact\./, '');

/**
 * SPEC §3 profile: the sender profile (the form of My data and settings), the user's complaints,
 * the company application and the account's deletion.
 */
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
      <Text>
        <Anchor component={Link} to="/settings" data-testid="profile-settings-link">
          {t('profile.allSettings')}
        </Anchor>
      </Text>
      <SenderProfileForm key={`${session.user.id}-${session.activeAccount.id}`} />
      <MyComplaints />
      <CompanyApplication />
      <DeleteAccount />
      <DeleteProfile />
    </Stack>
  );
}

const APPLICATION_FIELDS = [
  'companyName',
  'registrationNumber',
  'vatNumber',
  'address',
  'email',
  'phone',
  'iban',
] as const;
type ApplicationField = (typeof APPLICATION_FIELDS)[number];
const REQUIRED: ReadonlySet<ApplicationField> = new Set([
  'companyName',
  'registrationNumber',
  'address',
  'email',
  'iban',
]);

/**
 * SPEC §1 company application: the shared rules (`companyApplicationViolations`, which the API
 * applies too) are checked before sending and each problem shown beside its field; an
 * administrator then approves it and the company appears in the account switcher.
 */
export function CompanyApplication() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { api, notify, translateServerMessage } = usePlatform();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const form = usePortalForm<Record<ApplicationField, string>>({
    initialValues: {
      companyName: '',
      registrationNumber: '',
      vatNumber: '',
      address: '',
      email: '',
      phone: '',
      iban: '',
    },
    rules: companyApplicationViolations,
    fieldOf: profileField,
  });
  const field = (name: ApplicationField) => ({
    label: t(`company.${name}`),
    name,
    required: REQUIRED.has(name),
    ...form.getInputProps(name),
  });
  const submit = form.submit(async (values) => {
    try {
      await api.POST('/api/company_applications', { body: { ...values, phonePrefix: '371' } });
      setSent(true);
      form.clearErrors();
    } catch (error) {
      if (!form.applyServerViolations(error))
        notify('error', translateServerMessage(error instanceof Error ? error : String(error)));
    }
  });
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {t('company.title')}
      </Title>
      {sent ? (
        <Alert color="green" role="status" data-testid="company-application-sent">
          {t('company.sent')}
        </Alert>
      ) : open ? (
        <form onSubmit={submit} noValidate aria-label={t('company.title')}>
          <Stack gap="sm">
            <TextInput {...field('companyName')} maxLength={MAX_COMPANY_APPLICATION_TEXT} />
            <TextInput
              {...field('registrationNumber')}
              description={t('company.registrationNumberHint', { count: COMPANY_REGISTRATION_NUMBER_LENGTH })}
              maxLength={32}
            />
            <TextInput {...field('vatNumber')} maxLength={32} />
            <TextInput {...field('address')} maxLength={MAX_COMPANY_APPLICATION_TEXT} />
            <TextInput type="email" {...field('email')} maxLength={MAX_COMPANY_APPLICATION_TEXT} />
            <TextInput type="tel" {...field('phone')} maxLength={15} />
            <TextInput {...field('iban')} maxLength={64} />
            <Group justify="flex-end">
              <Button type="submit" loading={form.submitting}>
                {t('company.submit')}
              </Button>
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

/**
 * Deletes the whole profile (issue 13): the accounts only this person holds go (paid orders stay,
 * archived, for the post's records), and the person is signed out for good.
 */
export function DeleteProfile() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { api, session, notify, translateServerMessage } = usePlatform();
  const [confirming, setConfirming] = useState(false);
  if (!session?.user) return null;
  const userId = session.user.id;
  const remove = async () => {
    try {
      await api.DELETE('/api/users/{id}', { path: { id: userId } });
      notify('success', t('deleteProfile.done'));
      session.signOut();
    } catch (error) {
      notify('error', translateServerMessage(error instanceof Error ? error : String(error)));
      setConfirming(false);
    }
  };
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {t('deleteProfile.title')}
      </Title>
      <Text size="sm" mb="sm">
        {t('deleteProfile.explain')}
      </Text>
      {confirming ? (
        <Group>
          <Text>{t('deleteProfile.confirm')}</Text>
          <Button color="red" onClick={() => void remove()}>
            {t('deleteProfile.yes')}
          </Button>
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('delete.no')}
          </Button>
        </Group>
      ) : (
        <Button color="red" variant="light" onClick={() => setConfirming(true)}>
          {t('deleteProfile.button')}
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
      await api.DELETE('/api/accounts/{id}', { path: { id: account.id } });
      // SPEC §4: the first remaining account becomes active (user loading creates a private one if none).
      await session.reloadUser();
      notify('success', t('delete.done'));
    } catch (error) {
      notify('error', translateServerMessage(error instanceof Error ? error : String(error)));
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
