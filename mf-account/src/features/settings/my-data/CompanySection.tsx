import {
  COMPANY_ROLES,
  type CompanyRole,
  companyUserViolations,
  ROLE_MAIN_ADMIN,
} from '@portal/shared-contracts/account';
import { usePortalForm } from '@portal/shared-contracts/forms';
import { usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@portal/shared-contracts/ui';
import { Select } from '@portal/shared-contracts/ui/overlays';
import { Table } from '@portal/shared-contracts/ui/table';
import { catalogues, NAMESPACE } from '../../../i18n';
import { useAccount, useAddCompanyUser, useRemoveCompanyUser } from '../api';
import { saidOf, settingsField } from '../violations';

/**
 * A company account's page (SPEC §3 Account, §6 Company account): its users with their roles, its
 * branches, the contract number and the separate-invoice flag. Its main administrators add users
 * by e-mail and remove them; the API allows nobody else to.
 */
export function CompanySection({ accountId }: { accountId: number }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { session, translateServerMessage, notify } = usePlatform();
  const { data: account, error, isPending } = useAccount(accountId);
  const remove = useRemoveCompanyUser(accountId);
  const myRole = session?.user?.userAccounts.find((link) => link.account.id === accountId)?.role;
  const isMainAdmin = myRole === ROLE_MAIN_ADMIN;

  if (isPending) return <Loader aria-label={t('settings.loading')} />;
  if (error || !account) {
    return (
      <Alert color="red" role="alert">
        {translateServerMessage(saidOf(error))}
      </Alert>
    );
  }
  const roleName = (role: string) =>
    (COMPANY_ROLES as readonly string[]).includes(role) ? t(`settings.company.role.${role}`) : role;

  return (
    <Paper withBorder p="md" data-testid="company-section">
      <Title order={2} size="h4" mb="sm">
        {t('settings.company.title', { name: account.companyName ?? '' })}
      </Title>
      <Stack gap="md">
        <Group gap="xl">
          <div>
            <Text size="sm" c="dimmed">
              {t('settings.company.contractNumber')}
            </Text>
            <Text data-testid="contract-number">{account.contractNumber ?? t('settings.company.noContract')}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('settings.company.separateInvoice')}
            </Text>
            <Text data-testid="separate-invoice">{account.separateInvoice ? t('settings.yes') : t('settings.no')}</Text>
          </div>
        </Group>

        <div>
          <Title order={3} size="h5" mb="xs">
            {t('settings.company.branches')}
          </Title>
          {account.branches.length === 0 ? (
            <Text size="sm">{t('settings.company.noBranches')}</Text>
          ) : (
            <Table data-testid="company-branches">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('settings.company.branch')}</Table.Th>
                  <Table.Th>{t('profile.address')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {account.branches.map((branch) => (
                  <Table.Tr key={branch.id}>
                    <Table.Td>{branch.name}</Table.Td>
                    <Table.Td>{branch.address}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </div>

        <div>
          <Title order={3} size="h5" mb="xs">
            {t('settings.company.users')}
          </Title>
          {/* Four columns do not fit a phone: the table scrolls within its region, not the page. */}
          <Table.ScrollContainer
            minWidth={480}
            type="native"
            tabIndex={0}
            role="region"
            aria-label={t('settings.company.users')}
          >
            <Table data-testid="company-users">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('settings.company.name')}</Table.Th>
                  <Table.Th>{t('profile.email')}</Table.Th>
                  <Table.Th>{t('settings.company.roleLabel')}</Table.Th>
                  {isMainAdmin && <Table.Th>{t('settings.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {account.userAccounts.map((link) => {
                  const name = [link.ownerUser.firstName, link.ownerUser.lastName].filter(Boolean).join(' ');
                  return (
                    <Table.Tr key={link.id} data-testid="company-user">
                      <Table.Td>{name || '—'}</Table.Td>
                      <Table.Td>{link.ownerUser.email}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={link.role === ROLE_MAIN_ADMIN ? 'blue' : 'gray'}>
                          {roleName(link.role)}
                        </Badge>
                      </Table.Td>
                      {isMainAdmin && (
                        <Table.Td>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            aria-label={t('settings.company.removeUser', { email: link.ownerUser.email ?? '' })}
                            loading={remove.isPending && remove.variables === link.id}
                            onClick={() =>
                              remove.mutate(link.id, {
                                onSuccess: async () => {
                                  notify('success', t('settings.company.removed'));
                                  // Removing oneself changes one's own accounts.
                                  if (link.ownerUser.id === session?.user?.id) await session?.reloadUser();
                                },
                                onError: (failure) => notify('error', translateServerMessage(saidOf(failure))),
                              })
                            }
                          >
                            {t('settings.company.remove')}
                          </Button>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </div>
        {isMainAdmin && <AddUserForm accountId={accountId} />}
      </Stack>
    </Paper>
  );
}

function AddUserForm({ accountId }: { accountId: number }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { notify, translateServerMessage } = usePlatform();
  const add = useAddCompanyUser(accountId);
  const form = usePortalForm({
    initialValues: { email: '', role: 'USER' as CompanyRole },
    transformValues: ({ email, role }) => ({ email: email.trim(), role }),
    rules: (values) => companyUserViolations({ email: values.email.trim(), role: values.role }),
    fieldOf: settingsField,
  });

  const submit = form.submit((request) => {
    add.mutate(request, {
      onSuccess: () => {
        form.setFieldValue('email', '');
        notify('success', t('settings.company.added'));
      },
      onError: (failure) => {
        if (!form.applyServerViolations(failure)) notify('error', translateServerMessage(saidOf(failure)));
      },
    });
  });
  return (
    <form noValidate onSubmit={submit} aria-label={t('settings.company.addTitle')} data-testid="add-company-user">
      <Title order={3} size="h5" mb="xs">
        {t('settings.company.addTitle')}
      </Title>
      <Group align="flex-start" grow>
        <TextInput label={t('profile.email')} type="email" required {...form.getInputProps('email')} />
        <Select
          label={t('settings.company.roleLabel')}
          data={COMPANY_ROLES.map((value) => ({ value, label: t(`settings.company.role.${value}`) }))}
          value={form.values.role}
          onChange={(value) => value && form.setFieldValue('role', value as CompanyRole)}
          allowDeselect={false}
          error={form.fieldError('role')}
        />
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t('settings.company.addHint')}
      </Text>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={add.isPending}>
          {t('settings.company.add')}
        </Button>
      </Group>
    </form>
  );
}
