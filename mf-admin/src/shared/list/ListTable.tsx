import { Alert, Loader, Text } from '@portal/shared-contracts/ui';
import { Pagination } from '@portal/shared-contracts/ui/forms';
import { Table } from '@portal/shared-contracts/ui/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';

/** The part of a TanStack query over a Hydra collection that the list needs. */
export interface ListQuery<Row> {
  data?: { 'hydra:member': Row[]; 'hydra:totalItems': number };
  isPending: boolean;
  isError: boolean;
}

export interface ListPaging {
  perPage: number;
  page: number;
  onPage: (page: number) => void;
  /** The pagination landmark's name. */
  label?: string;
  /** The arrows have no text: name them (axe button-name). */
  controlLabel?: (control: 'first' | 'previous' | 'next' | 'last') => string;
}

export interface ListTableProps<Row> {
  query: ListQuery<Row>;
  /** The red alert shown when the load failed. */
  loadFailed: string;
  /** The page shows this failure itself (a refused filter, beside its field): no alert. */
  quietError?: boolean;
  /** The live count line above the table, from the number of matching rows on the server. */
  count?: (total: number) => string;
  countTestId?: string;
  /** Shown instead of the table when the page has no rows. */
  empty?: ReactNode;
  testId: string;
  minWidth: number;
  /**
   * Names the scrolling box and lets it take keyboard focus, so keyboard users can scroll a wide
   * table sideways (axe scrollable-region-focusable).
   */
  scrollLabel?: string;
  /** The header cells (`Table.Th` or `SortHeader`). */
  head: ReactNode;
  /** One `Table.Tr` per row: the page keeps its own columns. */
  renderRow: (row: Row) => ReactNode;
  paging?: ListPaging;
}

/**
 * The body of every back-office list: the loader, the error, the count, the striped table in a
 * sideways-scrolling box, and the pagination under it when there is more than one page.
 */
export function ListTable<Row>({
  query,
  loadFailed,
  quietError = false,
  count,
  countTestId,
  empty,
  testId,
  minWidth,
  scrollLabel,
  head,
  renderRow,
  paging,
}: ListTableProps<Row>) {
  const { t } = useTranslation(NAMESPACE);
  const rows = query.data?.['hydra:member'];
  const total = query.data?.['hydra:totalItems'] ?? 0;
  const scroll = scrollLabel
    ? ({ type: 'native', tabIndex: 0, role: 'region', 'aria-label': scrollLabel } as const)
    : {};
  return (
    <>
      {query.isError && !quietError && (
        <Alert color="red" role="alert">
          {loadFailed}
        </Alert>
      )}
      {query.isPending && <Loader aria-label={t('loading')} />}
      {rows &&
        (empty !== undefined && rows.length === 0 ? (
          empty
        ) : (
          <>
            {count !== undefined && (
              <Text size="sm" aria-live="polite" data-testid={countTestId}>
                {count(total)}
              </Text>
            )}
            <Table.ScrollContainer minWidth={minWidth} {...scroll}>
              <Table striped data-testid={testId}>
                <Table.Thead>
                  <Table.Tr>{head}</Table.Tr>
                </Table.Thead>
                <Table.Tbody>{rows.map(renderRow)}</Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {paging && total > paging.perPage && (
              <Pagination
                total={Math.ceil(total / paging.perPage)}
                value={paging.page}
                onChange={paging.onPage}
                aria-label={paging.label}
                getControlProps={
                  paging.controlLabel ? (control) => ({ 'aria-label': paging.controlLabel?.(control) }) : undefined
                }
              />
            )}
          </>
        ))}
    </>
  );
}
