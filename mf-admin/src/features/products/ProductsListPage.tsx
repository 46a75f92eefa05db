import { formatWeight } from '@portal/shared-contracts';
import { PageHeading } from '@portal/shared-contracts/react';
import { Link, useNavigate } from '@portal/shared-contracts/router';
import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { FilterControl, ListTable, oneOf, SortHeader, useListParams } from '../../shared/list';
import { PRODUCTS_PER_PAGE, type ProductListFilter, SORTABLE, type SortField, useAdminProducts } from './api';
import { ProductBreadcrumbs } from './Breadcrumbs';

/** Read by screen readers, not shown: the selection column's name. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** `/admin/work_flows`: every product, paged, sorted and filtered on the server; pick some for a mass edit. */
export default function ProductsListPage() {
  const { t } = useTranslation(NAMESPACE);
  // The filters live in the address, so a product's page links back to the same page of the list.
  const { params, page, update, onPage } = useListParams();
  const filter: ProductListFilter = {
    label: params.get('label') ?? '',
    shipmentType: oneOf(['letter', 'parcel'] as const, params.get('shipmentType'), ''),
    active: oneOf(['true', 'false'] as const, params.get('active'), ''),
    sort: oneOf(SORTABLE, params.get('sort'), 'id'),
    direction: params.get('direction') === 'desc' ? 'desc' : 'asc',
    page,
  };
  const navigate = useNavigate();
  const [selected, setSelected] = useState<number[]>([]);
  const list = useAdminProducts({ ...filter, label: useDeferredValue(filter.label) });
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => (on ? [...current, id] : current.filter((other) => other !== id)));

  const sortHeader = (field: SortField, label: string) => (
    <SortHeader
      label={label}
      active={filter.sort === field}
      direction={filter.direction}
      color="dark"
      onSort={() =>
        update({
          sort: field,
          direction: filter.sort === field && filter.direction === 'asc' ? 'desc' : 'asc',
          page: '',
        })
      }
    />
  );

  return (
    <Stack gap="md">
      <ProductBreadcrumbs trail={[]} />
      <PageHeading>{t('pages.workflows')}</PageHeading>
      <Group justify="space-between" align="end" wrap="wrap">
        <search>
          <TextInput
            label={t('products.search')}
            type="search"
            value={filter.label}
            maxLength={100}
            onChange={(event) => update({ label: event.currentTarget.value, page: '' })}
          />
        </search>
        <FilterControl
          aria-label={t('products.fields.shipmentType')}
          value={filter.shipmentType || 'all'}
          onChange={(value) => update({ shipmentType: value === 'all' ? '' : value, page: '' })}
          data={[
            { value: 'all', label: t('products.all') },
            { value: 'letter', label: t('products.types.letter') },
            { value: 'parcel', label: t('products.types.parcel') },
          ]}
        />
        <FilterControl
          aria-label={t('products.status')}
          value={filter.active || 'all'}
          onChange={(value) => update({ active: value === 'all' ? '' : value, page: '' })}
          data={[
            { value: 'all', label: t('products.all') },
            { value: 'true', label: t('products.active') },
            { value: 'false', label: t('products.inactive') },
          ]}
        />
        <Group>
          <Button
            variant="default"
            disabled={selected.length === 0}
            onClick={() => navigate(`/admin/work_flows/mass_edit?ids=${selected.join(',')}`)}
          >
            {t('products.massEdit', { count: selected.length })}
          </Button>
          <Button component={Link} to="/admin/work_flows/create">
            {t('products.add')}
          </Button>
        </Group>
      </Group>
      <ListTable
        query={list}
        loadFailed={t('products.loadFailed')}
        count={(total) => t('products.count', { count: total })}
        countTestId="products-count"
        testId="products-table"
        minWidth={720}
        head={
          <>
            <Table.Th>
              <span style={VISUALLY_HIDDEN}>{t('products.select')}</span>
            </Table.Th>
            {sortHeader('id', t('products.fields.id'))}
            {sortHeader('label', t('products.fields.label'))}
            {sortHeader('shipmentType', t('products.fields.shipmentType'))}
            <Table.Th>{t('products.fields.destination')}</Table.Th>
            {sortHeader('maxWeight', t('products.fields.maxWeight'))}
            {sortHeader('isActive', t('products.status'))}
          </>
        }
        renderRow={(product) => (
          <Table.Tr key={product.id}>
            <Table.Td>
              <Checkbox
                aria-label={t('products.selectOne', { name: product.label })}
                checked={selected.includes(product.id)}
                onChange={(event) => toggle(product.id, event.currentTarget.checked)}
              />
            </Table.Td>
            <Table.Td>{product.id}</Table.Td>
            <Table.Td>
              <Anchor component={Link} to={`/admin/work_flows/show/${product.id}`}>
                {product.label}
              </Anchor>
            </Table.Td>
            <Table.Td>{t(`products.types.${product.shipmentType}`)}</Table.Td>
            <Table.Td>{product.countryCode ?? t(`products.zones.${product.zone}`)}</Table.Td>
            <Table.Td>{formatWeight(product.maxWeight)}</Table.Td>
            <Table.Td>
              <Text span fw={600} size="sm">
                {t(product.isActive ? 'products.active' : 'products.inactive')}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        paging={{ perPage: PRODUCTS_PER_PAGE, page, onPage }}
      />
    </Stack>
  );
}
