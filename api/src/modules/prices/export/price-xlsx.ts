import { loadExcelJs } from '../../../spreadsheet/exceljs';
import type { PriceTable } from './price-table';

/** Euro amounts as numbers with two decimals and the € sign; the spreadsheet applies its own locale. */
const EURO_FORMAT = '#,##0.00 "€"';

/**
 * The price table as a workbook: one sheet, the header row, then one row per product. The price
 * is a number (euros) so it can be summed; "price on request" stays text in the same column.
 * The request's facts go to a second sheet so the first stays a clean table.
 */
export async function writePriceXlsx(table: PriceTable, createdAt: Date): Promise<Buffer> {
  const workbook = new (await loadExcelJs()).Workbook();
  workbook.creator = 'Postal self-service portal';
  workbook.created = createdAt;
  workbook.title = table.title;

  const sheet = workbook.addWorksheet(table.title, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [...table.columns, table.basisColumn].map((header, index) => ({
    header,
    key: `c${index}`,
    width: [44, 16, 22, 18, 12, 30, 20][index] ?? 16,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) {
    const added = sheet.addRow([
      row.product,
      row.country,
      row.amount === null ? row.price : row.amount / 100,
      row.deliveryDays,
      row.maxWeight,
      row.sizeLimit,
      // The price cell stays a number; this column says when it is only indicative.
      row.indicative ? table.indicativeText : '',
    ]);
    if (row.amount !== null) added.getCell(3).numFmt = EURO_FORMAT;
  }

  const about = workbook.addWorksheet('Info');
  for (const fact of table.facts) about.addRow([fact.label, fact.value]);
  for (const note of table.notes) about.addRow([note]);
  about.getColumn(1).width = 24;
  about.getColumn(2).width = 48;

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
