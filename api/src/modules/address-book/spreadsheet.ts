import {
  type ImportRowError,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  SPREADSHEET_COLUMNS,
  SPREADSHEET_MESSAGES,
  type SpreadsheetField,
} from '@portal/shared-contracts/address-book';
import type { WorkbookPlan } from '../../spreadsheet/workbook-plan';
import { readSheet, sheetPlan } from '../../spreadsheet/xlsx';

// The address book's XLSX file: its columns, limits and messages given to the API's one XLSX
// reader and writer (src/spreadsheet/xlsx.ts: content checks, zip bombs, formula escaping).

export type SpreadsheetLocale = 'en' | 'lv';
export type SpreadsheetRow = Record<SpreadsheetField, string>;

export function contactsWorkbook(rows: SpreadsheetRow[], locale: SpreadsheetLocale): WorkbookPlan {
  return sheetPlan(SPREADSHEET_COLUMNS, rows, locale, locale === 'lv' ? 'Kontakti' : 'Contacts');
}

export interface ReadSheet {
  /** Data rows with their sheet row number; blank rows are left out. */
  rows: { row: number; values: SpreadsheetRow; errors: ImportRowError[] }[];
  /** The file's heading of each field (for the error report). */
  headings: Partial<Record<SpreadsheetField, string>>;
}

/** Reads an uploaded file: 400 when it is not an XLSX workbook, 422 for a wrong sheet. */
export function readContactsWorkbook(file: Buffer): Promise<ReadSheet> {
  return readSheet(file, {
    columns: SPREADSHEET_COLUMNS,
    required: ['name', 'countryCode'],
    maxBytes: MAX_IMPORT_BYTES,
    maxRows: MAX_IMPORT_ROWS,
    messages: SPREADSHEET_MESSAGES,
  });
}
