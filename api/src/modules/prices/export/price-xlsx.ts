import { type WorkbookPlan, writeWorkbookPlan } from '../../../spreadsheet/workbook-plan';
import type { PriceTable } from './price-table';

/** Euro amounts as numbers with two decimals and the € sign; the spreadsheet applies its own locale. */
const EURO_FORMAT = '#,##0.00 "€"';

const COLUMN_WIDTHS = [44, 16, 22, 18, 12, 30, 20];

/**
 * The price table as a workbook: one sheet, the header row, then one row per product. The price
 * is a number (euros) so it can be summed; "price on request" stays text in the same column.
 * The request's facts go to a second sheet so the first stays a clean table.
 */
export function priceWorkbook(table: PriceTable, createdAt: Date): WorkbookPlan {
  return {
    properties: { creator: 'Postal self-service portal', title: table.title, created: createdAt.toISOString() },
    sheets: [
      {
        name: table.title,
        freezeHeading: true,
        columns: [...table.columns, table.basisColumn].map((header, index) => ({
          header,
          width: COLUMN_WIDTHS[index] ?? 16,
        })),
        rows: table.rows.map((row) => ({
          cells: [
            row.product,
            row.country,
            row.amount === null ? row.price : { number: row.amount / 100, numFmt: EURO_FORMAT },
            row.deliveryDays,
            row.maxWeight,
            row.sizeLimit,
            // The price cell stays a number; this column says when it is only indicative.
            row.indicative ? table.indicativeText : '',
          ],
        })),
      },
      {
        name: 'Info',
        columns: [{ width: 24 }, { width: 48 }],
        rows: [
          ...table.facts.map((fact) => ({ cells: [fact.label, fact.value] })),
          ...table.notes.map((note) => ({ cells: [note] })),
        ],
      },
    ],
  };
}

/** Writes the price table's workbook (in the price files' own worker, which also writes the PDF). */
export function writePriceXlsx(table: PriceTable, createdAt: Date): Promise<Buffer> {
  return writeWorkbookPlan(priceWorkbook(table, createdAt));
}
