import { fieldErrorsOf } from '@portal/shared-contracts';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { useNavigate, useParams } from '@portal/shared-contracts/router';
import { Alert, Button, Checkbox, Group, Loader, Stack, TextInput } from '@portal/shared-contracts/ui';
import { Fieldset } from '@portal/shared-contracts/ui/forms';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs } from '../../shared/list';
import {
  type AdminUserAccount,
  type AdminUserDetail,
  fullName,
  useAdminUser,
  useUpdateAccount,
  useUpdateUser,
} from './api';
import { idOf } from './UserShowPage';

/**
 * `/admin/users/editor/:id`: an administrator corrects a user's names and blocks or unblocks them.
 * Users are created by their first sign-in, so there is no editor without an id.
 */
export default function UserEditPage() {
  const { t } = useTranslation(NAMESPACE);
  const id = idOf(useParams().id);
  const { data: user, isPending, isError } = useAdminUser(id);
  const crumbs = [{ label: t('pages.users'), to: '/admin/users' }];
  if (id === null || isError) {
    return (
      <Stack gap="md">
        <Breadcrumbs items={[...crumbs, { label: t('pages.userEditor') }]} />
        <PageHeading>{t('pages.userEditor')}</PageHeading>
        <Alert color="red">{id === null ? t('users.noCreate') : t('users.notFound')}</Alert>
      </Stack>
    );
  }
  if (isPending) return <Loader aria-label={t('loading')} />;
  return (
    <Stack gap="md">
      <Breadcrumbs
        items={[
          ...crumbs,
          { label: fullName(user) || user.email || String(user.id), to: `/admin/users/show/${user.id}` },
          { label: t('pages.userEditor') },
        ]}
      />
      <PageHeading>{t('pages.userEditor')}</PageHeading>
      {user.status === 'deleted' ? (
        <Alert color="gray">{t('users.deletedNoEdit')}</Alert>
      ) : (
        <>
          <UserForm user={user} />
          {user.userAccounts.map((link) => (
            <AccountForm key={link.clientId} account={link} />
          ))}
        </>
      )}
    </Stack>
  );
}

function UserForm({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation(NAMESPACE);
  const { notify, translateServerMessage } = usePlatform();
  const navigate = useNavigate();
  const save = useUpdateUser(user.id);
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [blocked, setBlocked] = useState(user.status === 'blocked');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({ firstName: firstName.trim() || null, lastName: lastName.trim() || null, blocked });
      notify('success', t('users.saved'));
      navigate(`/admin/users/show/${user.id}`);
    } catch (error) {
      const violations = fieldErrorsOf(error);
      if (violations) setErrors(violations);
      else notify('error', translateServerMessage(error instanceof Error ? error : String(error)));
    }
  };
  const errorOf = (name: string) => (errors[name] ? translateServerMessage(errors[name]) : undefined);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={480}>
        <TextInput
          label={t('users.fields.firstName')}
          value={firstName}
          maxLength={50}
          error={errorOf('firstName')}
          onChange={(event) => setFirstName(event.currentTarget.value)}
        />
        <TextInput
          label={t('users.fields.lastName')}
          value={lastName}
          maxLength={50}
          error={errorOf('lastName')}
          onChange={(event) => setLastName(event.currentTarget.value)}
        />
        <Checkbox
          label={t('users.blocked')}
          description={t('users.blockedHint')}
          checked={blocked}
          error={errorOf('blocked')}
          onChange={(event) => setBlocked(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('users.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One account's back-office fields (SPEC §3 admin user-account view), saved on their own. */
function AccountForm({ account }: { account: AdminUserAccount }) {
  const { t } = useTranslation(NAMESPACE);
  const { notify, translateServerMessage } = usePlatform();
  const save = useUpdateAccount(account.clientId);
  const [contractNumber, setContractNumber] = useState(account.contractNumber ?? '');
  const [separateInvoice, setSeparateInvoice] = useState(account.separateInvoice);
  const [isActive, setIsActive] = useState(account.clientStatus === 'active');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const name = account.company ?? t(`users.accountTypes.${account.type === 'company' ? 'company' : 'private'}`);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({ contractNumber: contractNumber.trim() || null, separateInvoice, isActive });
      setErrors({});
      notify('success', t('users.accountSaved', { name }));
    } catch (error) {
      const violations = fieldErrorsOf(error);
      if (violations) setErrors(violations);
      else notify('error', translateServerMessage(error instanceof Error ? error : String(error)));
    }
  };
  const errorOf = (field: string) => (errors[field] ? translateServerMessage(errors[field]) : undefined);
  return (
    <form onSubmit={submit} noValidate aria-label={t('users.accountForm', { name, id: account.clientId })}>
      <Fieldset legend={t('users.accountForm', { name, id: account.clientId })} maw={480}>
        <Stack gap="sm">
          <TextInput
            label={t('users.account.contractNumber')}
            value={contractNumber}
            maxLength={64}
            error={errorOf('contractNumber')}
            onChange={(event) => setContractNumber(event.currentTarget.value)}
          />
          <Checkbox
            label={t('users.account.separateInvoice')}
            checked={separateInvoice}
            error={errorOf('separateInvoice')}
            onChange={(event) => setSeparateInvoice(event.currentTarget.checked)}
          />
          <Checkbox
            label={t('users.clientActive')}
            checked={isActive}
            error={errorOf('isActive')}
            onChange={(event) => setIsActive(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={save.isPending}>
              {t('users.saveAccount')}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
