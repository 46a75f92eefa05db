import { toDisplayDate, toDisplayDateTime } from '@portal/shared-contracts';
import { hasAdminRole } from '@portal/shared-contracts/admin';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Link, useParams } from '@portal/shared-contracts/router';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs } from '../../shared/list';
import { type AdminUserAccount, fullName, useAdminUser } from './api';
import { ScrollableTable } from './ScrollableTable';
import { STATUS_COLORS } from './UsersListPage';

export const idOf = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

/** `/admin/users/show/:id`: one user, and per account the admin user-account view of SPEC §3. */
export default function UserShowPage() {
  const { t } = useTranslation(NAMESPACE);
  const { session } = usePlatform();
  const id = idOf(useParams().id);
  const { data: user, isPending, isError } = useAdminUser(id);
  const mayChange = hasAdminRole(session?.user?.adminRoles, []);
  const crumbs = [{ label: t('pages.users'), to: '/admin/users' }, { label: t('pages.userShow') }];

  if (id === null || isError) {
    return (
      <Stack gap="md">
        <Breadcrumbs items={crumbs} />
        <PageHeading>{t('pages.userShow')}</PageHeading>
        <Alert color="red">{t('users.notFound')}</Alert>
      </Stack>
    );
  }
  if (isPending) return <Loader aria-label={t('loading')} />;
  const rows: [string, string][] = [
    [t('users.fields.id'), String(user.id)],
    [t('users.fields.email'), user.email ?? '—'],
    [t('users.fields.name'), fullName(user) || '—'],
    [t('users.fields.createdAt'), toDisplayDateTime(user.createdAt) ?? '—'],
    [t('users.fields.adminRoles'), user.adminRoles.map((role) => t(`users.roles.${role}`)).join(', ') || '—'],
    [t('users.fields.authMethods'), user.authMethods.join(', ') || '—'],
  ];
  if (user.deletedAt) rows.push([t('users.fields.deletedAt'), toDisplayDateTime(user.deletedAt) ?? '']);
  if (user.blockedAt) rows.push([t('users.fields.blockedAt'), toDisplayDateTime(user.blockedAt) ?? '']);

  return (
    <Stack gap="md">
      <Breadcrumbs items={crumbs} />
      <Group justify="space-between" align="center">
        <PageHeading>{fullName(user) || user.email || t('pages.userShow')}</PageHeading>
        <Group>
          <Badge color={STATUS_COLORS[user.status]} variant="light" size="lg" data-testid="user-status">
            {t(`users.statuses.${user.status}`)}
          </Badge>
          {mayChange && user.status !== 'deleted' && (
            <Button component={Link} to={`/admin/users/editor/${user.id}`}>
              {t('users.edit')}
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" spacing="xs" style={{ margin: 0 }}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="sm" c="gray.7">
                {label}
              </Text>
              <Text component="dd" m={0}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
      <Title order={2} size="h4">
        {t('users.accounts')}
      </Title>
      {user.userAccounts.length === 0 ? (
        <Text>{t('users.noAccounts')}</Text>
      ) : (
        <ScrollableTable label={t('users.accounts')} minWidth={900}>
          <Table striped data-testid="user-accounts-table">
            <Table.Thead>
              <Table.Tr>
                {ACCOUNT_COLUMNS.map((column) => (
                  <Table.Th key={column}>{t(`users.account.${column}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {user.userAccounts.map((link) => (
                <Table.Tr key={link.linkId}>
                  {ACCOUNT_COLUMNS.map((column) => (
                    <Table.Td key={column}>{cell(link, column, t)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollableTable>
      )}
    </Stack>
  );
}

/** SPEC §3 Admin user-account view, in its order. */
const ACCOUNT_COLUMNS = [
  'clientId',
  'company',
  'branches',
  'address',
  'email',
  'phone',
  'contractNumber',
  'registrationNumber',
  'role',
  'addedAt',
  'addedBy',
  'separateInvoice',
  'clientStatus',
] as const;

function cell(link: AdminUserAccount, column: (typeof ACCOUNT_COLUMNS)[number], t: (key: string) => string): string {
  switch (column) {
    case 'company':
      return link.company ?? t(`users.accountTypes.${link.type === 'company' ? 'company' : 'private'}`);
    case 'branches':
      return link.branches.join(', ') || '—';
    case 'role':
      return t(`users.companyRoles.${link.role === 'MAIN_ADMIN' ? 'MAIN_ADMIN' : 'USER'}`);
    case 'addedAt':
      return toDisplayDate(link.addedAt) ?? '—';
    case 'addedBy':
      return link.addedBy ? (link.addedBy.name ?? link.addedBy.email ?? String(link.addedBy.id)) : '—';
    case 'separateInvoice':
      return t(link.separateInvoice ? 'users.yes' : 'users.no');
    case 'clientStatus':
      return t(`users.clientStatuses.${link.clientStatus}`);
    case 'clientId':
      return String(link.clientId);
    default:
      return link[column] ?? '—';
  }
}
