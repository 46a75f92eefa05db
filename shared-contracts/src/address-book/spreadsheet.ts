// The address book's XLSX file (SPEC §5 uploads: "Address-book import: xlsx only; errors shown as
// rows incorrect of total"): its columns with English and Latvian headings, its limits, and the
// import's answer. The API writes and reads the file; the screens show the answer.
import * as z from 'zod/mini';

export const SPREADSHEET_COLUMNS = [
  { field: 'name', en: 'Name and surname', lv: 'Vārds un uzvārds' },
  { field: 'companyName', en: 'Company', lv: 'Uzņēmums' },
  { field: 'email', en: 'E-mail', lv: 'E-pasts' },
  { field: 'countryCode', en: 'Country code', lv: 'Valsts kods' },
  { field: 'phonePrefix', en: 'Phone prefix', lv: 'Tālruņa prefikss' },
  { field: 'phone', en: 'Phone', lv: 'Tālrunis' },
  { field: 'addressLine', en: 'Address', lv: 'Adrese' },
  { field: 'city', en: 'City, parish or locality', lv: 'Pilsēta, pagasts vai apdzīvota vieta' },
  { field: 'region', en: 'Region or state', lv: 'Novads vai štats' },
  { field: 'postCode', en: 'Post code', lv: 'Pasta indekss' },
  { field: 'addressId', en: 'Address ID (AIS code)', lv: 'Adreses kods (AIS)' },
  { field: 'groups', en: 'Groups', lv: 'Grupas' },
] as const;
export type SpreadsheetField = (typeof SPREADSHEET_COLUMNS)[number]['field'];

/** SPEC §5 / §9: uploads at most 30 MB. */
export const MAX_IMPORT_BYTES = 30 * 1024 * 1024;
/** Rows one import may hold (the book's screens and the bench assume books of this order). */
export const MAX_IMPORT_ROWS = 10_000;
/** Groups are one cell, names joined by this. */
export const GROUP_SEPARATOR = ', ';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const SPREADSHEET_MESSAGES = {
  notXlsx: 'The file is not an XLSX workbook.',
  tooLarge: 'The file is larger than 30 MB.',
  tooManyRows: 'The file has more than 10000 rows.',
  emptySheet: 'The sheet has no rows to import.',
  wrongHeadings: 'The first row must hold the column headings of the address book template.',
  formula: 'Formulas are not accepted: enter the value itself.',
  duplicateInFile: 'This contact is already in the file above.',
} as const;

export const importRowErrorSchema = z.object({
  /** The sheet's row number (the headings are row 1). */
  row: z.int(),
  /** The column's heading as the file has it; '' for the row as a whole. */
  column: z.string(),
  message: z.string(),
  code: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** POST /api/contacts/import's answer: "N rows incorrect of M". */
export const importReportSchema = z.object({
  totalRows: z.int(),
  incorrectRows: z.int(),
  imported: z.int(),
  errors: z.array(importRowErrorSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;
