import { ApplicationError } from '@portal/shared-contracts';
import type { ContactResource, ContactSortField } from '@portal/shared-contracts/address-book';
import { ADDRESS_BOOK_PAGE_SIZE, MAX_BULK_DELETE } from '@portal/shared-contracts/address-book';
import { usePlatform } from '@portal/shared-contracts/react';
import { Alert, Button, Center, Group, Loader, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactsTable } from '../../features/contacts/ContactsTable';
import { ImportExport } from '../../features/transfer';
import { NAMESPACE } from '../../i18n';
import {
  CONTACTS_KEY,
  type ContactSort,
  contactsQuery,
  deleteContact,
  deleteContacts,
  GROUPS_KEY,
  groupsQuery,
} from '../../shared';

// Dialogs, the filters and the pager use ui/overlays and ui/forms: they load when first shown,
// after the shell has loaded its own copies (see exposes/App.tsx on why that order matters).
const ContactForm = lazy(() =>
  import('../../features/contacts/ContactForm').then((module) => ({ default: module.ContactForm })),
);
const ConfirmDelete = lazy(() => import('../../shared').then((module) => ({ default: module.ConfirmDelete })));
const GroupFilter = lazy(() =>
  import('../../features/contacts/GroupFilter').then((module) => ({ default: module.GroupFilter })),
);
const CountryFilter = lazy(() =>
  import('../../features/contacts/CountryFilter').then((module) => ({ default: module.CountryFilter })),
);
const Pager = lazy(() => import('../../shared').then((module) => ({ default: module.Pager })));

/** The API's order when the user has chosen none. */
const DEFAULT_SORT: ContactSort = { field: 'name', direction: 'asc' };

/**
 * SPEC §2 `/address-book`, tab Contacts: search, group and country filters, sorting by column,
 * server paging (5 rows), create, edit, delete one or the selected ones.
 */
export function ContactsTab({ account }: { account: number | null }) {
  const { t } = useTranslation(NAMESPACE);
  const { api, notify } = usePlatform();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [group, setGroup] = useState<number | null>(null);
  const [country, setCountry] = useState<string | null>(null);
  const [sort, setSort] = useState<ContactSort | null>(null);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [editing, setEditing] = useState<ContactResource | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ContactResource | 'selected' | null>(null);
  const contacts = useQuery({
    ...contactsQuery(api, account, { page, search, group, countryCode: country, sort }),
    placeholderData: keepPreviousData,
  });
  const groups = useQuery(groupsQuery(api, account));
  const total = contacts.data?.['hydra:totalItems'] ?? 0;
  const filtered = search.trim() !== '' || group !== null || country !== null;

  // Every filter change starts again at page 1.
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const sortBy = (field: ContactSortField) => {
    const current = sort ?? DEFAULT_SORT;
    setSort({ field, direction: current.field === field && current.direction === 'asc' ? 'desc' : 'asc' });
    setPage(1);
  };
  const select = (ids: number[], chosen: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (chosen) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: [CONTACTS_KEY] });
    await queryClient.invalidateQueries({ queryKey: [GROUPS_KEY] });
  };

  const remove = async (contact: ContactResource) => {
    try {
      await deleteContact(api, account, contact.id);
      notify('success', t('messages.success'));
    } catch (error) {
      // 404: someone else (a colleague sharing the book) deleted it first.
      const gone = error instanceof ApplicationError && error.status === 404;
      notify('error', gone ? t('messages.nothingDeleted') : t('messages.failed'));
    }
    select([contact.id], false);
    await refresh();
  };

  const removeSelected = async () => {
    const ids = [...selected];
    try {
      let deleted = 0;
      for (let start = 0; start < ids.length; start += MAX_BULK_DELETE) {
        deleted += await deleteContacts(api, account, ids.slice(start, start + MAX_BULK_DELETE));
      }
      // None deleted: a colleague sharing the book deleted them first (SPEC §8 "nothing was deleted").
      if (deleted === 0) notify('error', t('messages.nothingDeleted'));
      else notify('success', t('messages.success'));
      setSelected(new Set());
      setPage(1);
    } catch {
      notify('error', t('messages.failed'));
    }
    await refresh();
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" grow>
        <TextInput
          label={t('list.search')}
          placeholder={t('list.searchHint')}
          value={search}
          onChange={(event) => filter(setSearch)(event.currentTarget.value)}
          data-testid="contacts-search"
        />
        <Suspense fallback={null}>
          {(groups.data?.['hydra:totalItems'] ?? 0) > 0 && (
            <GroupFilter groups={groups.data?.['hydra:member'] ?? []} value={group} onChange={filter(setGroup)} />
          )}
          <CountryFilter value={country} onChange={filter(setCountry)} />
        </Suspense>
      </Group>
      <Group>
        <Button onClick={() => setEditing('new')} data-testid="contact-new">
          {t('actions.newContact')}
        </Button>
        <Button
          color="red"
          variant="light"
          disabled={selected.size === 0}
          onClick={() => setDeleting('selected')}
          data-testid="contacts-delete-selected"
        >
          {t('actions.deleteSelected')}
        </Button>
        {selected.size > 0 && (
          <>
            <Text size="sm" data-testid="contacts-selected">
              {t('list.selected', { count: selected.size })}
            </Text>
            <Button variant="subtle" onClick={() => setSelected(new Set())}>
              {t('actions.clearSelection')}
            </Button>
          </>
        )}
      </Group>
      <ImportExport account={account} />
      {contacts.isPending ? (
        <Center mih={120}>
          <Loader aria-label={t('list.loading')} />
        </Center>
      ) : contacts.isError ? (
        <Alert color="red" role="alert">
          {t('messages.failed')}
        </Alert>
      ) : contacts.data['hydra:member'].length === 0 ? (
        <Text data-testid="contacts-empty">{filtered ? t('list.nothingFound') : t('list.noContacts')}</Text>
      ) : (
        <ContactsTable
          contacts={contacts.data['hydra:member']}
          selected={selected}
          onSelect={select}
          sort={sort ?? DEFAULT_SORT}
          onSort={sortBy}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      )}
      <Suspense fallback={null}>
        {total > ADDRESS_BOOK_PAGE_SIZE && <Pager total={total} page={page} onChange={setPage} />}
        {editing && (
          <ContactForm
            contact={editing === 'new' ? null : editing}
            account={account}
            onClose={() => setEditing(null)}
          />
        )}
        {deleting && (
          <ConfirmDelete
            question={
              deleting === 'selected'
                ? t('contact.deleteSelectedQuestion', { count: selected.size })
                : t('contact.deleteQuestion', { name: deleting.name })
            }
            onConfirm={() => (deleting === 'selected' ? removeSelected() : remove(deleting))}
            onClose={() => setDeleting(null)}
          />
        )}
      </Suspense>
    </Stack>
  );
}
