import { PageHeading } from '@portal/shared-contracts/react';
import { Link, useSearchParams } from '@portal/shared-contracts/router';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@portal/shared-contracts/ui';
import { Pagination } from '@portal/shared-contracts/ui/forms';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { LOCATIONS_PER_PAGE, type LocationStatus, useAdminLocations } from './api';

const STATUSES: LocationStatus[] = ['active', 'retired', 'all'];

/** `/admin/locations`: every post office and parcel locker, retired ones too, with search and paging. */
export default function LocationsListPage() {
  const { t } = useTranslation(NAMESPACE);
  // The filters live in the address, so a place's edit page links back to the same page of the list.
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = (STATUSES as string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as LocationStatus)
    : 'active';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const update = (changes: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  const { data, isPending, isError } = useAdminLocations({ q: useDeferredValue(q), status, page });
  const total = data?.['hydra:totalItems'] ?? 0;

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/admin" size="sm">
        {t('nav.back')}
      </Anchor>
      <PageHeading>{t('pages.locations')}</PageHeading>
      <Group justify="space-between" align="end" wrap="wrap">
        <search>
          <TextInput
            label={t('locations.search')}
            type="search"
            value={q}
            maxLength={100}
            onChange={(event) => update({ q: event.currentTarget.value, page: '' })}
          />
        </search>
        <SegmentedControl
          aria-label={t('locations.status')}
          value={status}
          onChange={(value) => update({ status: value, page: '' })}
          data={STATUSES.map((value) => ({ value, label: t(`locations.statuses.${value}`) }))}
        />
        <Button component={Link} to="/admin/locations/new">
          {t('locations.add')}
        </Button>
      </Group>
      {isError && <Alert color="red">{t('locations.loadFailed')}</Alert>}
      {isPending && <Loader aria-label={t('loading')} />}
      {data && (
        <>
          <Text size="sm" aria-live="polite" data-testid="locations-count">
            {t('locations.count', { count: total })}
          </Text>
          <Table.ScrollContainer minWidth={640}>
            <Table striped data-testid="locations-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('locations.fields.name')}</Table.Th>
                  <Table.Th>{t('locations.fields.type')}</Table.Th>
                  <Table.Th>{t('locations.fields.operator')}</Table.Th>
                  <Table.Th>{t('locations.fields.city')}</Table.Th>
                  <Table.Th>{t('locations.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data['hydra:member'].map((place) => (
                  <Table.Tr key={place.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/locations/edit/${encodeURIComponent(place.id)}`}>
                        {place.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{t(`locations.types.${place.type}`)}</Table.Td>
                    <Table.Td>{place.operator}</Table.Td>
                    <Table.Td>{place.city || place.address}</Table.Td>
                    <Table.Td>
                      <Text span fw={600} size="sm">
                        {t(place.active ? 'locations.statuses.active' : 'locations.statuses.retired')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {total > LOCATIONS_PER_PAGE && (
            <Pagination
              total={Math.ceil(total / LOCATIONS_PER_PAGE)}
              value={page}
              onChange={(value) => update({ page: String(value) })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
