import type { OrderReport } from '@portal/shared-contracts/admin';
import { loadExcelJs } from '../../spreadsheet/exceljs';

const HEADINGS = {
  en: {
    sheet: 'Orders',
    day: 'Day',
    product: 'Product',
    country: 'Country',
    status: 'Status',
    shipments: 'Shipments',
    orders: 'Orders',
    revenue: 'Revenue, EUR',
    total: 'Total',
  },
  lv: {
    sheet: 'Pasūtījumi',
    day: 'Diena',
    product: 'Produkts',
    country: 'Valsts',
    status: 'Statuss',
    shipments: 'Sūtījumi',
    orders: 'Pasūtījumi',
    revenue: 'Ieņēmumi, EUR',
    total: 'Kopā',
  },
} as const;

/**
 * The report as an XLSX workbook: one row per group and a total row. Revenue is written in euros
 * as a number with a two-decimal format (cents / 100), so the spreadsheet can sum it.
 */
export async function reportWorkbook(report: OrderReport, locale: 'en' | 'lv'): Promise<Buffer> {
  const text = HEADINGS[locale];
  const workbook = new (await loadExcelJs()).Workbook();
  const sheet = workbook.addWorksheet(text.sheet);
  sheet.columns = [
    { header: text[report.groupBy], key: 'label', width: 36 },
    { header: text.shipments, key: 'shipments', width: 14 },
    { header: text.orders, key: 'orders', width: 14 },
    { header: text.revenue, key: 'revenue', width: 16, style: { numFmt: '#,##0.00' } },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of report.rows) {
    sheet.addRow({ label: row.label, shipments: row.shipments, orders: row.orders, revenue: row.revenueCents / 100 });
  }
  const total = sheet.addRow({
    label: text.total,
    shipments: report.totals.shipments,
    orders: report.totals.orders,
    revenue: report.totals.revenueCents / 100,
  });
  total.font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
