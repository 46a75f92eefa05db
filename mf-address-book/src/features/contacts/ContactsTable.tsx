import type { ContactResource, ContactSortField } from '@portal/shared-contracts/address-book';
import { Button, Checkbox, Group } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import type { ContactSort } from '../../shared';

interface Props {
  contacts: ContactResource[];
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], selected: boolean) => void;
  /** The list's order; the server's default (by name, A to Z) when none was chosen. */
  sort: ContactSort;
  onSort: (field: ContactSortField) => void;
  onEdit: (contact: ContactResource) => void;
  onDelete: (contact: ContactResource) => void;
}

/** One page of the book: a checkbox per contact for bulk actions, headers that sort on the server. */
export function ContactsTable({ contacts, selected, onSelect, sort, onSort, onEdit, onDelete }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const ids = contacts.map((contact) => contact.id);
  const chosenHere = ids.filter((id) => selected.has(id)).length;
  const header = (field: ContactSortField, label: string) => {
    const active = sort.field === field;
    return (
      <Table.Th aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <Button
          variant="subtle"
          size="compact-sm"
          px={4}
          onClick={() => onSort(field)}
          data-testid={`sort-${field}`}
          rightSection={<span aria-hidden="true">{active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}</span>}
        >
          {label}
        </Button>
      </Table.Th>
    );
  };
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped withTableBorder data-testid="contacts-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Checkbox
                aria-label={t('list.selectPage')}
                checked={chosenHere > 0 && chosenHere === ids.length}
                indeterminate={chosenHere > 0 && chosenHere < ids.length}
                onChange={(event) => onSelect(ids, event.currentTarget.checked)}
                data-testid="select-page"
              />
            </Table.Th>
            {header('name', t('contact.name'))}
            {header('companyName', t('contact.companyName'))}
            <Table.Th>{t('contact.phone')}</Table.Th>
            <Table.Th>{t('list.address')}</Table.Th>
            {header('city', t('list.city'))}
            {header('countryCode', t('list.country'))}
            <Table.Th>{t('contact.groups')}</Table.Th>
            <Table.Th>{t('list.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contacts.map((contact) => (
            <Table.Tr key={contact.id}>
              <Table.Td>
                <Checkbox
                  aria-label={t('list.select', { name: contact.name })}
                  checked={selected.has(contact.id)}
                  onChange={(event) => onSelect([contact.id], event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>{contact.name}</Table.Td>
              <Table.Td>{contact.companyName ?? ''}</Table.Td>
              <Table.Td>{contact.phone ? `+${contact.phonePrefix ?? ''} ${contact.phone}` : ''}</Table.Td>
              <Table.Td>{[contact.addressLine, contact.region, contact.postCode].filter(Boolean).join(', ')}</Table.Td>
              <Table.Td>{contact.city ?? ''}</Table.Td>
              <Table.Td>{contact.countryCode}</Table.Td>
              <Table.Td>{contact.groups.map((entry) => entry.name).join(', ')}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onEdit(contact)}
                    aria-label={t('actions.editNamed', { name: contact.name })}
                  >
                    {t('actions.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => onDelete(contact)}
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
    </Table.ScrollContainer>
  );
}
