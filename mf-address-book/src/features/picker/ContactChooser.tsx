import { type ContactResource, SEARCH_NARROW_OVER } from '@portal/shared-contracts/address-book';
import { countriesQuery } from '@portal/shared-contracts/countries';
import { usePlatform } from '@portal/shared-contracts/react';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { Modal } from '@portal/shared-contracts/ui/overlays';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { contactsQuery, Pager } from '../../shared';

interface Props {
  role: 'sender' | 'receiver';
  account: number | null;
  countryCode?: string;
  onChoose: (contact: ContactResource) => void;
  onClose: () => void;
}

/** Waits until typing pauses before the search goes to the server. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

const SEARCH_DELAY_MS = 250;

/**
 * The picker's dialog: the book's contacts (of the order's country), searched and paged on the
 * server five at a time (SPEC §9), each with a button that chooses it. Keyboard: the search has
 * the focus, Tab reaches each contact's button, Escape closes.
 */
export function ContactChooser({ role, account, countryCode, onChoose, onClose }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const { api, locale } = usePlatform();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(search, SEARCH_DELAY_MS);
  const contacts = useQuery({
    ...contactsQuery(api, account, { page, search: query, group: null, countryCode: countryCode ?? null }),
    placeholderData: keepPreviousData,
  });
  const countries = useQuery({ ...countriesQuery(api), enabled: Boolean(countryCode) });
  const country = countries.data?.find((entry) => entry.code === countryCode);
  const countryName = country ? (locale === 'lv' ? country.nameLv : country.name) : countryCode;
  const total = contacts.data?.['hydra:totalItems'] ?? 0;
  const members = contacts.data?.['hydra:member'] ?? [];

  return (
    <Modal opened onClose={onClose} title={t(`picker.title.${role}`)} size="lg">
      <Stack gap="sm" data-testid="contact-chooser">
        {countryCode && (
          <Text size="sm" c="dimmed" data-testid="contact-chooser-country">
            {t('picker.onlyCountry', { country: countryName })}
          </Text>
        )}
        <TextInput
          label={t('list.search')}
          placeholder={t('list.searchHint')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          data-autofocus
          data-testid="contact-chooser-search"
        />
        {total > SEARCH_NARROW_OVER && (
          <Text size="sm" data-testid="contact-chooser-narrow">
            {t('picker.narrow', { count: total })}
          </Text>
        )}
        {contacts.isPending ? (
          <Center mih={80}>
            <Loader aria-label={t('list.loading')} />
          </Center>
        ) : contacts.isError ? (
          <Alert color="red" role="alert">
            {t('messages.failed')}
          </Alert>
        ) : members.length === 0 ? (
          <Text data-testid="contact-chooser-empty">
            {query.trim() ? t('list.nothingFound') : t('list.noContacts')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('tabs.contacts')}>
            {members.map((contact) => (
              <Paper key={contact.id} component="li" withBorder p="xs">
                <Group justify="space-between" wrap="nowrap" align="center">
                  <Stack gap={0}>
                    <Text fw={600}>{contact.name}</Text>
                    {contact.companyName && <Text size="sm">{contact.companyName}</Text>}
                    <Text size="sm">{addressOf(contact)}</Text>
                    {contact.phone && <Text size="sm">{`+${contact.phonePrefix ?? ''} ${contact.phone}`}</Text>}
                  </Stack>
                  <Button
                    size="xs"
                    onClick={() => onChoose(contact)}
                    aria-label={t('picker.chooseNamed', { name: contact.name })}
                  >
                    {t('picker.chooseOne')}
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        {total > members.length && <Pager total={total} page={page} onChange={setPage} />}
      </Stack>
    </Modal>
  );
}

function addressOf(contact: ContactResource): string {
  return [contact.addressLine, contact.city, contact.region, contact.postCode, contact.countryCode]
    .filter(Boolean)
    .join(', ');
}
