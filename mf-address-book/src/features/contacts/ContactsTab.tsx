import { ApplicationError } from '@portal/shared-contracts';
import type { ContactResource } from '@portal/shared-contracts/address-book';
import { ADDRESS_BOOK_PAGE_SIZE } from '@portal/shared-contracts/address-book';
import { usePlatform } from '@portal/shared-contracts/react';
import { Alert, Button, Center, Group, Loader, Stack, Table, Text, TextInput } from '@portal/shared-contracts/ui';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { CONTACTS_KEY, contactsQuery, deleteContact, GROUPS_KEY, groupsQuery } from '../book/api';
import { ImportExport } from '../transfer/ImportExport';

// Dialogs, the group filter and the pager use ui/overlays and ui/forms: they load when first shown,
// after the shell has loaded its own copies (see exposes/App.tsx on why that order matters).
const ContactForm = lazy(() => import('./ContactForm').then((module) => ({ default: module.ContactForm })));
const ConfirmDelete = lazy(() => import('../book/ConfirmDelete').then((module) => ({ default: module.ConfirmDelete })));
const GroupFilter = lazy(() => import('./GroupFilter').then((module) => ({ default: module.GroupFilter })));
const Pager = lazy(() => import('../book/Pager').then((module) => ({ default: module.Pager })));

/** SPEC §2 `/address-book`, tab Contacts: search, group filter, server paging (5 rows), create, edit, delete. */
export function ContactsTab({ account }: { account: number | null }) {
  const { t } = useTranslation(NAMESPACE);
  const { api, notify } = usePlatform();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [group, setGroup] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ContactResource | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ContactResource | null>(null);
  const contacts = useQuery({
    ...contactsQuery(api, account, { page, search, group }),
    placeholderData: keepPreviousData,
  });
  const groups = useQuery(groupsQuery(api, account));
  const total = contacts.data?.['hydra:totalItems'] ?? 0;
  const filtered = search.trim() !== '' || group !== null;

  const remove = async (contact: ContactResource) => {
    try {
      await deleteContact(api, account, contact.id);
      notify('success', t('messages.success'));
    } catch (error) {
      // 404: someone else (a colleague sharing the book) deleted it first.
      const gone = error instanceof ApplicationError && error.status === 404;
      notify('error', gone ? t('messages.nothingDeleted') : t('messages.failed'));
    }
    await queryClient.invalidateQueries({ queryKey: [CONTACTS_KEY] });
    await queryClient.invalidateQueries({ queryKey: [GROUPS_KEY] });
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" grow>
        <TextInput
          label={t('list.search')}
          placeholder={t('list.searchHint')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          data-testid="contacts-search"
        />
        {(groups.data?.['hydra:totalItems'] ?? 0) > 0 && (
          <Suspense fallback={null}>
            <GroupFilter
              groups={groups.data?.['hydra:member'] ?? []}
              value={group}
              onChange={(value) => {
                setGroup(value);
                setPage(1);
              }}
            />
          </Suspense>
        )}
      </Group>
      <Group>
        <Button onClick={() => setEditing('new')} data-testid="contact-new">
          {t('actions.newContact')}
        </Button>
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
        <Table striped withTableBorder data-testid="contacts-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('contact.name')}</Table.Th>
              <Table.Th>{t('contact.companyName')}</Table.Th>
              <Table.Th>{t('contact.phone')}</Table.Th>
              <Table.Th>{t('list.address')}</Table.Th>
              <Table.Th>{t('contact.groups')}</Table.Th>
              <Table.Th>{t('list.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contacts.data['hydra:member'].map((contact) => (
              <Table.Tr key={contact.id}>
                <Table.Td>{contact.name}</Table.Td>
                <Table.Td>{contact.companyName ?? ''}</Table.Td>
                <Table.Td>{contact.phone ? `+${contact.phonePrefix ?? ''} ${contact.phone}` : ''}</Table.Td>
                <Table.Td>
                  {[contact.addressLine, contact.city, contact.postCode, contact.countryCode]
                    .filter(Boolean)
                    .join(', ')}
                </Table.Td>
                <Table.Td>{contact.groups.map((entry) => entry.name).join(', ')}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setEditing(contact)}
                      aria-label={t('actions.editNamed', { name: contact.name })}
                    >
                      {t('actions.edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => setDeleting(contact)}
                      aria-label={t('actions.deleteNamed', { name: contact.name })}
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
        {editing && (
          <ContactForm
            contact={editing === 'new' ? null : editing}
            account={account}
            onClose={() => setEditing(null)}
          />
        )}
        {deleting && (
          <ConfirmDelete
            question={t('contact.deleteQuestion', { name: deleting.name })}
            onConfirm={() => remove(deleting)}
            onClose={() => setDeleting(null)}
          />
        )}
      </Suspense>
    </Stack>
  );
}
