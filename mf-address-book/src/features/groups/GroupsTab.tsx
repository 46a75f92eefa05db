import type { ContactGroupResource } from '@portal/shared-contracts/address-book';
import { ADDRESS_BOOK_PAGE_SIZE } from '@portal/shared-contracts/address-book';
import { usePlatform } from '@portal/shared-contracts/react';
import { Alert, Button, Center, Group, Loader, Stack, Table, Text, TextInput } from '@portal/shared-contracts/ui';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { CONTACTS_KEY, createGroup, deleteGroup, GROUPS_KEY, groupsQuery } from '../book/api';
import { serverErrors } from '../contacts/form-model';

// Loaded when first shown, as in ContactsTab.
const ConfirmDelete = lazy(() => import('../book/ConfirmDelete').then((module) => ({ default: module.ConfirmDelete })));
const Pager = lazy(() => import('../book/Pager').then((module) => ({ default: module.Pager })));

/** SPEC §2 `/address-book`, tab Groups: the groups with their contact count; create and delete. */
export function GroupsTab({ account }: { account: number | null }) {
  const { t } = useTranslation(NAMESPACE);
  const { api, notify, translateServerMessage } = usePlatform();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ContactGroupResource | null>(null);
  const groups = useQuery({
    ...groupsQuery(api, account, page, ADDRESS_BOOK_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const total = groups.data?.['hydra:totalItems'] ?? 0;
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: [GROUPS_KEY] });
    await queryClient.invalidateQueries({ queryKey: [CONTACTS_KEY] });
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(translateServerMessage('This value should not be blank.'));
      return;
    }
    try {
      await createGroup(api, account, { name: name.trim() });
      setName('');
      setError(null);
      notify('success', t('messages.success'));
      await refresh();
    } catch (failure) {
      const found = serverErrors(failure);
      setError(translateServerMessage(found.name ?? found[''] ?? Object.values(found)[0] ?? ''));
    }
  };
  const remove = async (group: ContactGroupResource) => {
    try {
      await deleteGroup(api, account, group.id);
      notify('success', t('messages.success'));
    } catch {
      notify('error', t('messages.failed'));
    }
    await refresh();
  };

  return (
    <Stack gap="md">
      <form onSubmit={add} noValidate>
        <Group align="flex-start">
          <TextInput
            label={t('groups.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error ?? undefined}
            data-testid="group-name"
          />
          <Button type="submit" mt={25} data-testid="group-add">
            {t('actions.newGroup')}
          </Button>
        </Group>
      </form>
      {groups.isPending ? (
        <Center mih={120}>
          <Loader aria-label={t('list.loading')} />
        </Center>
      ) : groups.isError ? (
        <Alert color="red" role="alert">
          {t('messages.failed')}
        </Alert>
      ) : groups.data['hydra:member'].length === 0 ? (
        <Text data-testid="groups-empty">{t('groups.empty')}</Text>
      ) : (
        <Table striped withTableBorder data-testid="groups-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('groups.name')}</Table.Th>
              <Table.Th>{t('groups.contactCount')}</Table.Th>
              <Table.Th>{t('list.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.data['hydra:member'].map((group) => (
              <Table.Tr key={group.id}>
                <Table.Td>{group.name}</Table.Td>
                <Table.Td>{group.contactCount}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => setDeleting(group)}
                    aria-label={t('actions.deleteNamed', { name: group.name })}
                  >
                    {t('actions.delete')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Suspense fallback={null}>
        {total > ADDRESS_BOOK_PAGE_SIZE && <Pager total={total} page={page} onChange={setPage} />}
        {deleting && (
          <ConfirmDelete
            question={t('groups.deleteQuestion', { name: deleting.name })}
            onConfirm={() => remove(deleting)}
            onClose={() => setDeleting(null)}
          />
        )}
      </Suspense>
    </Stack>
  );
}
