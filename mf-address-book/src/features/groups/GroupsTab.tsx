import type { ContactGroupResource } from '@portal/shared-contracts/address-book';
import { ADDRESS_BOOK_PAGE_SIZE } from '@portal/shared-contracts/address-book';
import { usePlatform } from '@portal/shared-contracts/react';
import { Alert, Button, Center, Group, Loader, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { CONTACTS_KEY, createGroup, deleteGroup, GROUPS_KEY, groupsQuery, renameGroup } from '../../shared';
import { serverErrors } from '../../shared/form-model';

// Loaded when first shown, as in ContactsTab.
const ConfirmDelete = lazy(() => import('../../shared').then((module) => ({ default: module.ConfirmDelete })));
const Pager = lazy(() => import('../../shared').then((module) => ({ default: module.Pager })));

/** SPEC §2 `/address-book`, tab Groups: the groups with their contact count; create, rename and delete. */
export function GroupsTab({ account }: { account: number | null }) {
  const { t } = useTranslation(NAMESPACE);
  const { api, notify, translateServerMessage } = usePlatform();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ContactGroupResource | null>(null);
  const [renaming, setRenaming] = useState<ContactGroupResource | null>(null);
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
                <Table.Td>
                  {renaming?.id === group.id ? (
                    <RenameGroup
                      group={group}
                      account={account}
                      onDone={async (renamed) => {
                        setRenaming(null);
                        if (renamed) await refresh();
                      }}
                    />
                  ) : (
                    group.name
                  )}
                </Table.Td>
                <Table.Td>{group.contactCount}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setRenaming(group)}
                      disabled={renaming?.id === group.id}
                      aria-label={t('actions.renameNamed', { name: group.name })}
                    >
                      {t('actions.rename')}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => setDeleting(group)}
                      aria-label={t('actions.deleteNamed', { name: group.name })}
                    >
                      {t('actions.delete')}
                    </Button>
                  </Group>
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

/** A group's name edited in its row: Enter saves, Escape or Cancel leaves it; a taken name is refused beside the field. */
function RenameGroup({
  group,
  account,
  onDone,
}: {
  group: ContactGroupResource;
  account: number | null;
  onDone: (renamed: boolean) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { api, notify, translateServerMessage } = usePlatform();
  const [name, setName] = useState(group.name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(translateServerMessage('This value should not be blank.'));
      return;
    }
    setSaving(true);
    try {
      await renameGroup(api, account, group.id, { name: name.trim() });
      notify('success', t('messages.success'));
      onDone(true);
    } catch (failure) {
      const found = serverErrors(failure);
      setError(translateServerMessage(found.name ?? found[''] ?? Object.values(found)[0] ?? ''));
      setSaving(false);
    }
  };
  return (
    <form onSubmit={save} noValidate data-testid="group-rename">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label={t('groups.newName', { name: group.name })}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone(false);
          }}
          error={error ?? undefined}
          size="xs"
          // Rename was just pressed: the name is what the user came to change.
          autoFocus
          data-testid="group-rename-name"
        />
        <Button type="submit" size="xs" loading={saving} data-testid="group-rename-save">
          {t('actions.save')}
        </Button>
        <Button size="xs" variant="default" onClick={() => onDone(false)}>
          {t('actions.cancel')}
        </Button>
      </Group>
    </form>
  );
}
