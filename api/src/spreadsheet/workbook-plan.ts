import { loadExcelJs } from './exceljs';

// Every workbook the API writes (the address book's and the orders' exports, the bulk template, the
// back office's reports, discounts and notifications, the price table) is first described as plain
// data here — sheets, columns, rows of cells — by its owner module, cheaply, in the request's thread.
// exceljs then writes the file from that description on a worker thread (workbook-writer.ts), so the
// event loop never spends the hundreds of milliseconds a large workbook takes (issue 36). The plan
// is plain data because it must cross to the worker by structured clone.

/** A number shown with a spreadsheet number format (e.g. euros: `#,##0.00 "€"`). */
export interface FormattedNumber {
  number: number;
  numFmt: string;
}

/** A cell: text as written (escape formulas first: escapeCell), a number, a formatted number, or empty. */
export type PlannedCell = string | number | FormattedNumber | null;

export interface PlannedColumn {
  /** The heading in the first row; a sheet whose columns have no headings has no heading row. */
  header?: string;
  width: number;
  /** The number format of every cell of the column. */
  numFmt?: string;
}

export interface PlannedRow {
  cells: PlannedCell[];
  bold?: boolean;
}

export interface PlannedSheet {
  name: string;
  columns: PlannedColumn[];
  rows: PlannedRow[];
  /** The heading row stays in view while the reader scrolls. */
  freezeHeading?: boolean;
}

export interface WorkbookPlan {
  sheets: PlannedSheet[];
  /** The file's properties (ISO date for `created`: a Date would cross threads, but keep it plain). */
  properties?: { creator?: string; title?: string; created?: string };
}

/** Turns each row of values into a row of cells (the common case: no bold, no formats). */
export const plainRows = (rows: readonly PlannedCell[][]): PlannedRow[] => rows.map((cells) => ({ cells }));

const isFormatted = (cell: PlannedCell): cell is FormattedNumber => typeof cell === 'object' && cell !== null;

/** Writes the workbook a plan describes (on the worker thread, or in the caller's with 0 workers). */
export async function writeWorkbookPlan(plan: WorkbookPlan): Promise<Buffer> {
  const workbook = new (await loadExcelJs()).Workbook();
  const { creator, title, created } = plan.properties ?? {};
  if (creator) workbook.creator = creator;
  if (title) workbook.title = title;
  if (created) workbook.created = new Date(created);
  for (const planned of plan.sheets) {
    const sheet = workbook.addWorksheet(
      planned.name,
      planned.freezeHeading ? { views: [{ state: 'frozen', ySplit: 1 }] } : {},
    );
    planned.columns.forEach((column, index) => {
      const target = sheet.getColumn(index + 1);
      target.width = column.width;
      if (column.numFmt) target.numFmt = column.numFmt;
    });
    if (planned.columns.some((column) => column.header !== undefined)) {
      sheet.addRow(planned.columns.map((column) => column.header ?? '')).font = { bold: true };
    }
    for (const { cells, bold } of planned.rows) {
      const row = sheet.addRow(cells.map((cell) => (isFormatted(cell) ? cell.number : cell)));
      cells.forEach((cell, index) => {
        if (isFormatted(cell)) row.getCell(index + 1).numFmt = cell.numFmt;
      });
      if (bold) row.font = { bold: true };
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
