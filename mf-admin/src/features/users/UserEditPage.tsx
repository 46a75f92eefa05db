import { usePortalForm } from '@portal/shared-contracts/forms';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { useNavigate, useParams } from '@portal/shared-contracts/router';
import { Alert, Button, Checkbox, Group, Loader, Stack, TextInput } from '@portal/shared-contracts/ui';
import { Fieldset } from '@portal/shared-contracts/ui/forms';
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
  const form = usePortalForm({
    initialValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      blocked: user.status === 'blocked',
    },
  });
  const submit = form.submit(async ({ firstName, lastName, blocked }) => {
    try {
      await save.mutateAsync({ firstName: firstName.trim() || null, lastName: lastName.trim() || null, blocked });
      notify('success', t('users.saved'));
      navigate(`/admin/users/show/${user.id}`);
    } catch (error) {
      if (!form.applyServerViolations(error))
        notify('error', translateServerMessage(error instanceof Error ? error : String(error)));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={480}>
        <TextInput label={t('users.fields.firstName')} maxLength={50} {...form.getInputProps('firstName')} />
        <TextInput label={t('users.fields.lastName')} maxLength={50} {...form.getInputProps('lastName')} />
        <Checkbox
          label={t('users.blocked')}
          description={t('users.blockedHint')}
          {...form.getInputProps('blocked', { type: 'checkbox' })}
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
  const form = usePortalForm({
    initialValues: {
      contractNumber: account.contractNumber ?? '',
      separateInvoice: account.separateInvoice,
      isActive: account.clientStatus === 'active',
    },
  });
  const name = account.company ?? t(`users.accountTypes.${account.type === 'company' ? 'company' : 'private'}`);
  const submit = form.submit(async ({ contractNumber, separateInvoice, isActive }) => {
    try {
      await save.mutateAsync({ contractNumber: contractNumber.trim() || null, separateInvoice, isActive });
      form.clearErrors();
      notify('success', t('users.accountSaved', { name }));
    } catch (error) {
      if (!form.applyServerViolations(error))
        notify('error', translateServerMessage(error instanceof Error ? error : String(error)));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('users.accountForm', { name, id: account.clientId })}>
      <Fieldset legend={t('users.accountForm', { name, id: account.clientId })} maw={480}>
        <Stack gap="sm">
          <TextInput
            label={t('users.account.contractNumber')}
            maxLength={64}
            {...form.getInputProps('contractNumber')}
          />
          <Checkbox
            label={t('users.account.separateInvoice')}
            {...form.getInputProps('separateInvoice', { type: 'checkbox' })}
          />
          <Checkbox label={t('users.clientActive')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
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
