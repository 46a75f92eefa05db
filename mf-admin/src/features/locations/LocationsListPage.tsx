import { PageHeading } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs, FilterControl, ListTable, oneOf, useListParams } from '../../shared/list';
import { LOCATIONS_PER_PAGE, type LocationStatus, useAdminLocations } from './api';

const STATUSES: LocationStatus[] = ['active', 'retired', 'all'];

/** `/admin/locations`: every post office and parcel locker, retired ones too, with search and paging. */
export default function LocationsListPage() {
  const { t } = useTranslation(NAMESPACE);
  // The filters live in the address, so a place's edit page links back to the same page of the list.
  const { params, page, update, onPage } = useListParams();
  const q = params.get('q') ?? '';
  const status = oneOf(STATUSES, params.get('status'), 'active');
  const list = useAdminLocations({ q: useDeferredValue(q), status, page });

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/admin" size="sm">
        {t('nav.back')}
      </Anchor>
      <Breadcrumbs items={[{ label: t('pages.locations') }]} />
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
        <FilterControl
          aria-label={t('locations.status')}
          value={status}
          onChange={(value) => update({ status: value, page: '' })}
          data={STATUSES.map((value) => ({ value, label: t(`locations.statuses.${value}`) }))}
        />
        <Group gap="xs">
          <Button component={Link} to="/admin/locations/new">
            {t('locations.add')}
          </Button>
          <Button component={Link} to="/admin/locations/import" variant="default">
            {t('locationImport.open')}
          </Button>
        </Group>
      </Group>
      <ListTable
        query={list}
        loadFailed={t('locations.loadFailed')}
        count={(total) => t('locations.count', { count: total })}
        countTestId="locations-count"
        testId="locations-table"
        minWidth={640}
        head={
          <>
            <Table.Th>{t('locations.fields.name')}</Table.Th>
            <Table.Th>{t('locations.fields.type')}</Table.Th>
            <Table.Th>{t('locations.fields.operator')}</Table.Th>
            <Table.Th>{t('locations.fields.city')}</Table.Th>
            <Table.Th>{t('locations.status')}</Table.Th>
          </>
        }
        renderRow={(place) => (
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
        )}
        paging={{ perPage: LOCATIONS_PER_PAGE, page, onPage }}
      />
    </Stack>
  );
}
