import { toDisplayDateTime } from '@portal/shared-contracts';
import {
  COMPLAINT_STATUSES,
  type ComplaintStatus,
  REFUND_DECISIONS,
  type RefundDecision,
} from '@portal/shared-contracts/complaints';
import { PageHeading } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Anchor, Group, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs, FilterControl, ListTable, oneOf, SortHeader, useListParams } from '../../shared/list';
import { COMPLAINTS_PER_PAGE, useComplaintQueue } from './api';

/**
 * `/admin/complaints` (issue 14 item 7): the complaints queue, the longest-waiting first, filtered
 * by status, refund decision and text (submission or shipment number, name, e-mail), paged and
 * sorted on the server. Customer service and administrators.
 */
export default function ComplaintsQueuePage() {
  const { t } = useTranslation(NAMESPACE);
  // The search lives in the address, so a complaint's page links back to the same page of the queue.
  const { params, page, update, onPage } = useListParams();
  const q = params.get('q') ?? '';
  const status = oneOf<ComplaintStatus, ''>(COMPLAINT_STATUSES, params.get('status'), '');
  const refundDecision = oneOf<RefundDecision, ''>(REFUND_DECISIONS, params.get('refundDecision'), '');
  const order = params.get('order') === 'desc' ? 'desc' : 'asc';
  const queue = useComplaintQueue({ q: useDeferredValue(q), status, refundDecision, order, page });

  return (
    <Stack gap="md">
      <Breadcrumbs items={[{ label: t('pages.complaints') }]} />
      <PageHeading>{t('pages.complaints')}</PageHeading>
      <search>
        <Stack gap="sm">
          <TextInput
            label={t('complaints.search')}
            description={t('complaints.searchHint')}
            descriptionProps={{ c: 'gray.7' }}
            type="search"
            value={q}
            maxLength={100}
            maw={420}
            onChange={(event) => update({ q: event.currentTarget.value, page: '' })}
          />
          <Group align="end" wrap="wrap">
            <Stack gap={4} maw="100%" miw={0}>
              <Text size="sm" fw={500} id="complaints-status-label">
                {t('complaints.fields.status')}
              </Text>
              <FilterControl
                aria-labelledby="complaints-status-label"
                // Four choices do not fit a 390 px phone: the row scrolls instead of widening the page.
                style={{ maxWidth: '100%', overflowX: 'auto' }}
                value={status || 'all'}
                onChange={(value) => update({ status: value === 'all' ? '' : value, page: '' })}
                data={['all', ...COMPLAINT_STATUSES].map((value) => ({
                  value,
                  label: value === 'all' ? t('complaints.all') : t(`complaints.statuses.${value}`),
                }))}
              />
            </Stack>
            <Stack gap={4} maw="100%" miw={0}>
              <Text size="sm" fw={500} id="complaints-refund-label">
                {t('complaints.fields.refundDecision')}
              </Text>
              <FilterControl
                aria-labelledby="complaints-refund-label"
                style={{ maxWidth: '100%', overflowX: 'auto' }}
                value={refundDecision || 'all'}
                onChange={(value) => update({ refundDecision: value === 'all' ? '' : value, page: '' })}
                data={['all', ...REFUND_DECISIONS].map((value) => ({
                  value,
                  label: value === 'all' ? t('complaints.all') : t(`complaints.refundDecisions.${value}`),
                }))}
              />
            </Stack>
          </Group>
        </Stack>
      </search>
      <ListTable
        query={queue}
        loadFailed={t('complaints.loadFailed')}
        empty={<Text data-testid="complaints-empty">{t('complaints.empty')}</Text>}
        count={(total) => t('complaints.count', { count: total })}
        testId="complaints-table"
        minWidth={760}
        head={
          <>
            <Table.Th scope="col">{t('complaints.fields.submissionNumber')}</Table.Th>
            <SortHeader
              scope="col"
              variant="link"
              label={t('complaints.fields.createdAt')}
              active
              direction={order}
              arrows={{ asc: '↑', desc: '↓' }}
              onSort={() => update({ order: order === 'asc' ? 'desc' : '', page: '' })}
              // The name starts with the visible text (label in name) and says what a click does.
              ariaLabel={`${t('complaints.fields.createdAt')}, ${t(order === 'asc' ? 'complaints.sortNewest' : 'complaints.sortOldest')}`}
            />
            <Table.Th scope="col">{t('complaints.fields.fullName')}</Table.Th>
            <Table.Th scope="col">{t('complaints.fields.type')}</Table.Th>
            <Table.Th scope="col">{t('complaints.fields.status')}</Table.Th>
            <Table.Th scope="col">{t('complaints.fields.refundDecision')}</Table.Th>
          </>
        }
        renderRow={(row) => (
          <Table.Tr key={row.id} data-testid="complaint-row">
            <Table.Td>
              <Anchor component={Link} to={`/admin/complaints/show/${row.id}`}>
                {row.submissionNumber ?? row.id}
              </Anchor>
            </Table.Td>
            <Table.Td>{toDisplayDateTime(row.createdAt)}</Table.Td>
            <Table.Td>
              {row.fullName}
              <Text size="xs" c="gray.7">
                {row.email}
              </Text>
            </Table.Td>
            <Table.Td>{t(`complaints.types.${row.type}`, { defaultValue: row.type })}</Table.Td>
            <Table.Td>{t(`complaints.statuses.${row.status}`)}</Table.Td>
            <Table.Td>{t(`complaints.refundDecisions.${row.refundDecision}`)}</Table.Td>
          </Table.Tr>
        )}
        paging={{
          perPage: COMPLAINTS_PER_PAGE,
          page,
          onPage,
          label: t('complaints.pages.label'),
          controlLabel: (control) => t(`complaints.pages.${control}`),
        }}
      />
    </Stack>
  );
}
