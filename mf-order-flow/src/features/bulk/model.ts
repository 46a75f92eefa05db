import {
  BULK_COLUMNS,
  type BulkField,
  type BulkReport,
  type BulkRow,
  type BulkRowResult,
  bulkRowOfLine,
  MAX_BULK_ORDER_LINES,
} from '@portal/shared-contracts/orders';

/** The cells of every row as the screen edits them: the line the API made of it, back as text. */
export function rowValues(report: BulkReport): Map<number, BulkRow> {
  return new Map(report.rows.map((result) => [result.row, bulkRowOfLine(result.line)]));
}

/** Problems fixed in the product column as well as in the one they name (a product going elsewhere). */
const PRODUCT_PROBLEMS = new Set(['WORKFLOW_TO_COUNTRY_NOT_FOUND', 'WORKFLOW_NOT_ACTIVE']);

/** The columns a bad row must show to be fixed: those its problems name (the product when none does). */
export function fieldsToFix(result: BulkRowResult): BulkField[] {
  const named = new Set(result.problems.map((problem) => problem.field).filter((field) => field !== null));
  if (result.problems.some((problem) => PRODUCT_PROBLEMS.has(problem.code))) named.add('product');
  const fields = BULK_COLUMNS.map((column) => column.field).filter((field) => named.has(field));
  return fields.length > 0 ? fields : ['product'];
}

export const goodRows = (report: BulkReport): BulkRowResult[] =>
  report.rows.filter((result) => result.problems.length === 0);

/** Whether the good rows fit one order (the order rule: at most MAX_BULK_ORDER_LINES lines). */
export function orderable(report: BulkReport): 'none' | 'tooMany' | 'ok' {
  const count = goodRows(report).length;
  if (count === 0) return 'none';
  return count > MAX_BULK_ORDER_LINES ? 'tooMany' : 'ok';
}

export function headingOf(field: BulkField | null, locale: 'en' | 'lv'): string {
  return BULK_COLUMNS.find((column) => column.field === field)?.[locale] ?? '';
}
