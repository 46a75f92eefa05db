import type { OrderReport } from '@portal/shared-contracts/admin';
import type { WorkbookPlan } from '../../spreadsheet/workbook-plan';
import { escapeCell } from '../../spreadsheet/xlsx';

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
export function reportWorkbook(report: OrderReport, locale: 'en' | 'lv'): WorkbookPlan {
  const text = HEADINGS[locale];
  return {
    sheets: [
      {
        name: text.sheet,
        columns: [
          { header: text[report.groupBy], width: 36 },
          { header: text.shipments, width: 14 },
          { header: text.orders, width: 14 },
          { header: text.revenue, width: 16, numFmt: '#,##0.00' },
        ],
        rows: [
          ...report.rows.map((row) => ({
            // Product names are typed in the back office: never a formula in the reader's spreadsheet.
            cells: [escapeCell(row.label), row.shipments, row.orders, row.revenueCents / 100],
          })),
          {
            cells: [text.total, report.totals.shipments, report.totals.orders, report.totals.revenueCents / 100],
            bold: true,
          },
        ],
      },
    ],
  };
}
