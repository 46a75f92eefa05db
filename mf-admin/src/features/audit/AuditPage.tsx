import { ApplicationError, isValidDisplayDate, toDbDate, toDisplayDateTime } from '@portal/shared-contracts';
import { PageHeading } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Anchor, Group, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { Table } from '@portal/shared-contracts/ui/table';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs, ListTable, useListParams } from '../../shared/list';
import { AUDIT_PER_PAGE, type AuditEntry, useAuditTrail } from './api';

const FILTERS = ['user', 'entityType', 'entityId', 'from', 'until'] as const;
type Filter = (typeof FILTERS)[number];

/** A typed date as the API takes it: YYYY-MM-DD, null while empty or not yet a real DD.MM.YYYY day. */
const dateOf = (typed: string) => (isValidDisplayDate(typed.trim()) ? toDbDate(typed.trim()) : null);

/**
 * `/admin/audit` (reports, issue 14): who changed what in the back office and when, with the
 * values before and after; searchable by user, entity and date range, paged on the server.
 */
export default function AuditPage() {
  const { t } = useTranslation(NAMESPACE);
  // The search lives in the address, so a page of the trail can be linked and reloaded.
  const { params, page, update, onPage } = useListParams();
  const typed = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Record<Filter, string>;
  const deferred = useDeferredValue(typed);
  const trail = useAuditTrail({
    user: /^\d+$/.test(deferred.user.trim()) ? deferred.user : '',
    entityType: deferred.entityType,
    entityId: deferred.entityId,
    from: dateOf(deferred.from),
    until: dateOf(deferred.until),
    page,
  });
  const serverViolations =
    trail.error instanceof ApplicationError
      ? Object.fromEntries(trail.error.violations.map((violation) => [violation.propertyPath, violation.message]))
      : {};
  const errorOf = (name: Filter): string | undefined => {
    const value = typed[name].trim();
    if (value && name === 'user' && !/^\d+$/.test(value)) return t('audit.errors.user');
    if (value && (name === 'from' || name === 'until') && !isValidDisplayDate(value)) return t('audit.errors.date');
    return serverViolations[name];
  };

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/admin" size="sm">
        {t('nav.back')}
      </Anchor>
      <Breadcrumbs items={[{ label: t('pages.audit') }]} />
      <PageHeading>{t('pages.audit')}</PageHeading>
      <Text>{t('audit.intro')}</Text>
      <search>
        <Group align="start" wrap="wrap">
          {FILTERS.map((name) => (
            <TextInput
              key={name}
              label={t(`audit.filters.${name}`)}
              description={name === 'from' || name === 'until' ? 'DD.MM.YYYY' : undefined}
              value={typed[name]}
              maxLength={name === 'entityId' ? 128 : 64}
              error={errorOf(name)}
              onChange={(event) => update({ [name]: event.currentTarget.value, page: '' })}
            />
          ))}
        </Group>
      </search>
      <ListTable
        query={trail}
        loadFailed={t('audit.loadFailed')}
        // A filter the API refused is shown beside its field, not as a failed page.
        quietError={Object.keys(serverViolations).length > 0}
        empty={<Text data-testid="audit-empty">{t('audit.empty')}</Text>}
        count={(total) => t('audit.count', { count: total })}
        testId="audit-table"
        minWidth={720}
        head={
          <>
            <Table.Th scope="col">{t('audit.columns.at')}</Table.Th>
            <Table.Th scope="col">{t('audit.columns.user')}</Table.Th>
            <Table.Th scope="col">{t('audit.columns.action')}</Table.Th>
            <Table.Th scope="col">{t('audit.columns.entity')}</Table.Th>
            <Table.Th scope="col">{t('audit.columns.values')}</Table.Th>
          </>
        }
        renderRow={(entry) => <AuditRow key={entry.id} entry={entry} />}
        paging={{
          perPage: AUDIT_PER_PAGE,
          page,
          onPage,
          label: t('audit.pages.label'),
          controlLabel: (control) => t(`audit.pages.${control}`),
        }}
      />
    </Stack>
  );
}

/** JSON values wrap inside the table cell instead of widening it. */
const PRE = { whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 12, margin: 0 } as const;

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Table.Tr data-testid="audit-row">
      <Table.Td>{toDisplayDateTime(entry.at)}</Table.Td>
      <Table.Td>{entry.userId === null ? t('audit.unknownUser') : `#${entry.userId}`}</Table.Td>
      <Table.Td>
        <code>{`${entry.method} ${entry.path}`}</code>
      </Table.Td>
      <Table.Td>
        {entry.entityType}
        {entry.entityId === null ? '' : ` ${entry.entityId}`}
      </Table.Td>
      <Table.Td>
        <details>
          <summary>{t('audit.showValues')}</summary>
          <Text size="sm" fw={600} mt="xs">
            {t('audit.before')}
          </Text>
          <pre style={PRE}>{JSON.stringify(entry.before, null, 2)}</pre>
          <Text size="sm" fw={600} mt="xs">
            {t('audit.after')}
          </Text>
          <pre style={PRE}>{JSON.stringify(entry.after, null, 2)}</pre>
        </details>
      </Table.Td>
    </Table.Tr>
  );
}
