import { PageHeading } from '@portal/shared-contracts/react';
import { Badge, Group, Stack, TextInput } from '@portal/shared-contracts/ui';
import { Select } from '@portal/shared-contracts/ui/overlays';
import { Table } from '@portal/shared-contracts/ui/table';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs, ListTable, oneOf, useListParams } from '../../shared/list';
import { USER_SORTS, USER_STATUSES, USERS_PER_PAGE, type UserSort, type UserStatus, useAdminUsers } from './api';
import { UserCells, UserHeadCells } from './UserColumns';
import { UsersSectionLinks } from './UsersSectionLinks';

export const STATUS_COLORS: Record<UserStatus, string> = { active: 'green', blocked: 'red', deleted: 'gray' };

/** `/admin/users`: every user, searchable by e-mail or name, filtered by status, sorted and paged on the server. */
export default function UsersListPage() {
  const { t } = useTranslation(NAMESPACE);
  // The search lives in the address, so a user's page links back to the same page of the list.
  const { params, page, update, onPage } = useListParams();
  const search = params.get('search') ?? '';
  const status = oneOf(USER_STATUSES, params.get('status'), '');
  const sortParam = params.get('sort') ?? '';
  const sort = (USER_SORTS as readonly string[]).includes(sortParam.replace(/^-/, ''))
    ? (sortParam.replace(/^-/, '') as UserSort)
    : 'createdAt';
  const descending = sortParam === '' ? true : sortParam.startsWith('-');
  const list = useAdminUsers({
    search: useDeferredValue(search),
    status,
    sort,
    descending,
    page,
  });

  return (
    <Stack gap="md">
      <Breadcrumbs items={[{ label: t('pages.users') }]} />
      <PageHeading>{t('pages.users')}</PageHeading>
      <UsersSectionLinks current="users" />
      <search>
        <Group align="end" wrap="wrap">
          <TextInput
            label={t('users.search')}
            type="search"
            value={search}
            maxLength={100}
            onChange={(event) => update({ search: event.currentTarget.value, page: '' })}
          />
          <Select
            label={t('users.status')}
            value={status}
            onChange={(value) => update({ status: value ?? '', page: '' })}
            data={[
              { value: '', label: t('users.statuses.all') },
              ...USER_STATUSES.map((value) => ({ value, label: t(`users.statuses.${value}`) })),
            ]}
            allowDeselect={false}
          />
          <Select
            label={t('users.sort')}
            value={`${descending ? '-' : ''}${sort}`}
            onChange={(value) => update({ sort: value ?? '', page: '' })}
            data={USER_SORTS.flatMap((field) => [
              { value: field, label: `${t(`users.sorts.${field}`)} ↑` },
              { value: `-${field}`, label: `${t(`users.sorts.${field}`)} ↓` },
            ])}
            allowDeselect={false}
          />
        </Group>
      </search>
      <ListTable
        query={list}
        loadFailed={t('users.loadFailed')}
        count={(total) => t('users.count', { count: total })}
        countTestId="users-count"
        testId="users-table"
        minWidth={640}
        scrollLabel={t('pages.users')}
        head={
          <>
            <UserHeadCells />
            <Table.Th>{t('users.status')}</Table.Th>
          </>
        }
        renderRow={(user) => (
          <Table.Tr key={user.id}>
            <UserCells user={user} />
            <Table.Td>
              {/* Never narrower than its word: a squeezed column cut "Aktīvs" at 390 px (issue 40). */}
              <Badge color={STATUS_COLORS[user.status]} variant="light" miw="max-content">
                {t(`users.statuses.${user.status}`)}
              </Badge>
            </Table.Td>
          </Table.Tr>
        )}
        paging={{ perPage: USERS_PER_PAGE, page, onPage }}
      />
    </Stack>
  );
}
