import { saveFile } from '@portal/shared-contracts';
import type { DiscountKind, DiscountStatus } from '@portal/shared-contracts/admin';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { FilterControl, ListTable, oneOf, SortHeader, useListParams } from '../../shared/list';
import {
  DISCOUNT_SORT_FIELDS,
  DISCOUNTS_PER_PAGE,
  type DiscountSortField,
  useAdminDiscounts,
  useDiscountExport,
} from './api';
import { DiscountsBreadcrumbs } from './DiscountsBreadcrumbs';
import { discountPeriodLabel, discountValueLabel } from './format';

const STATUSES: (DiscountStatus | '')[] = ['', 'active', 'inactive'];
const KINDS: (DiscountKind | '')[] = ['', 'code', 'loyalty'];

/** `/admin/discounts`: every discount code and loyalty discount, filtered, sorted and paged on the server. */
export default function DiscountsListPage() {
  const { t } = useTranslation(NAMESPACE);
  const { notify } = usePlatform();
  // The filters live in the address, so the edit page links back to the same page of the list.
  const { params, page, update, onPage } = useListParams();
  const code = params.get('code') ?? '';
  const status = oneOf(STATUSES, params.get('status'), '');
  const kind = oneOf(KINDS, params.get('kind'), '');
  const sort = oneOf(DISCOUNT_SORT_FIELDS, params.get('sort'), 'createdAt');
  const direction = params.get('direction') === 'asc' ? 'asc' : 'desc';
  const filter = { code: useDeferredValue(code), status, kind, sort, direction } as const;
  const list = useAdminDiscounts({ ...filter, page });
  const download = useDiscountExport();
  const [exporting, setExporting] = useState(false);

  const exportFile = async () => {
    setExporting(true);
    try {
      saveFile(await download(filter), `${t('discounts.exportFile')}.xlsx`);
    } catch {
      notify('error', t('discounts.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const sortHeader = (field: DiscountSortField, label: string) => (
    <SortHeader
      label={label}
      active={sort === field}
      direction={direction}
      onSort={() =>
        update({ sort: field, direction: sort === field && direction === 'asc' ? 'desc' : 'asc', page: '' })
      }
      ariaLabel={t('discounts.sortBy', { field: label })}
    />
  );

  return (
    <Stack gap="md">
      <DiscountsBreadcrumbs />
      <PageHeading>{t('pages.discounts')}</PageHeading>
      <Group justify="space-between" align="end" wrap="wrap">
        <search>
          <TextInput
            label={t('discounts.search')}
            type="search"
            value={code}
            maxLength={50}
            onChange={(event) => update({ code: event.currentTarget.value, page: '' })}
          />
        </search>
        <FilterControl
          aria-label={t('discounts.fields.status')}
          value={status}
          onChange={(value) => update({ status: value, page: '' })}
          data={STATUSES.map((value) => ({ value, label: t(`discounts.statuses.${value || 'all'}`) }))}
        />
        <FilterControl
          aria-label={t('discounts.fields.kind')}
          value={kind}
          onChange={(value) => update({ kind: value, page: '' })}
          data={KINDS.map((value) => ({ value, label: t(`discounts.kinds.${value || 'all'}`) }))}
        />
        <Group>
          <Button variant="default" onClick={exportFile} loading={exporting}>
            {t('discounts.export')}
          </Button>
          <Button component={Link} to="/admin/discounts/create">
            {t('discounts.add')}
          </Button>
        </Group>
      </Group>
      <ListTable
        query={list}
        loadFailed={t('discounts.loadFailed')}
        count={(total) => t('discounts.count', { count: total })}
        countTestId="discounts-count"
        testId="discounts-table"
        minWidth={760}
        head={
          <>
            {sortHeader('code', t('discounts.fields.code'))}
            <Table.Th>{t('discounts.fields.kind')}</Table.Th>
            {sortHeader('value', t('discounts.fields.value'))}
            {sortHeader('validFrom', t('discounts.fields.period'))}
            {sortHeader('usageCount', t('discounts.fields.usageCount'))}
            <Table.Th>{t('discounts.fields.leftCount')}</Table.Th>
            <Table.Th>{t('discounts.fields.status')}</Table.Th>
          </>
        }
        renderRow={(discount) => (
          <Table.Tr key={discount.id}>
            <Table.Td>
              <Anchor component={Link} to={`/admin/discounts/edit/${discount.id}`}>
                {discount.code}
              </Anchor>
            </Table.Td>
            <Table.Td>{t(`discounts.kinds.${discount.kind}`)}</Table.Td>
            <Table.Td>
              {discountValueLabel(discount)}{' '}
              <Text span size="xs" c="gray.7">
                ({t(`discounts.types.${discount.type}`)})
              </Text>
            </Table.Td>
            <Table.Td>{discountPeriodLabel(discount)}</Table.Td>
            <Table.Td>{discount.usageCount}</Table.Td>
            <Table.Td>{discount.leftCount ?? t('discounts.unlimited')}</Table.Td>
            <Table.Td>
              <Text span fw={600} size="sm">
                {t(`discounts.statuses.${discount.status}`)}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        paging={{ perPage: DISCOUNTS_PER_PAGE, page, onPage }}
      />
    </Stack>
  );
}
