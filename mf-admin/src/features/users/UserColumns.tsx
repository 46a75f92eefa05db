import { toDisplayDateTime } from '@portal/shared-contracts';
import { Link } from '@portal/shared-contracts/router';
import { Anchor } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { type AdminUser, fullName } from './api';

/** The columns a user has in every users list (all users, deleted profiles): number, e-mail, name, joined. */
export function UserHeadCells() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <Table.Th>{t('users.fields.id')}</Table.Th>
      <Table.Th>{t('users.fields.email')}</Table.Th>
      <Table.Th>{t('users.fields.name')}</Table.Th>
      <Table.Th>{t('users.fields.createdAt')}</Table.Th>
    </>
  );
}

/** The cells under `UserHeadCells`; the e-mail opens the user's page. */
export function UserCells({ user }: { user: AdminUser }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <Table.Td>{user.id}</Table.Td>
      <Table.Td>
        <Anchor component={Link} to={`/admin/users/show/${user.id}`}>
          {user.email ?? t('users.noEmail')}
        </Anchor>
      </Table.Td>
      <Table.Td>{fullName(user)}</Table.Td>
      <Table.Td>{toDisplayDateTime(user.createdAt)}</Table.Td>
    </>
  );
}
