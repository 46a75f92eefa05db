import {
  type ImportRowError,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  SPREADSHEET_COLUMNS,
  SPREADSHEET_MESSAGES,
  type SpreadsheetField,
} from '@portal/shared-contracts/address-book';
import ExcelJS from 'exceljs';
import { ApiError, invalidInput } from '../../http/problem';

// The address book's XLSX file: written with exceljs, read back with it after the checks that
// keep a hostile file from costing the server (type by content, size, unpacked size, rows).

export type SpreadsheetLocale = 'en' | 'lv';
export type SpreadsheetRow = Record<SpreadsheetField, string>;

/** A workbook whose parts unpack to more than this is refused before exceljs unpacks it (zip bomb). */
const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

/**
 * Spreadsheet formula injection (OWASP "CSV injection"): a cell starting with = + - @ (or a tab
 * or carriage return) could run as a formula when the file is opened. Such values get a leading
 * apostrophe; a value that already starts with apostrophes before one of those gets one more, so
 * that `unescapeCell` restores every value exactly (the round trip is lossless).
 */
export function escapeCell(value: string): string {
  return /^'*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function unescapeCell(value: string): string {
  return /^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

export async function writeContactsWorkbook(rows: SpreadsheetRow[], locale: SpreadsheetLocale): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(locale === 'lv' ? 'Kontakti' : 'Contacts');
  sheet.columns = SPREADSHEET_COLUMNS.map((column) => ({ header: column[locale], key: column.field, width: 24 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    // Every value is written as text: a phone or post code never turns into a number.
    sheet.addRow(Object.fromEntries(SPREADSHEET_COLUMNS.map(({ field }) => [field, escapeCell(row[field])])));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface ReadSheet {
  /** Data rows with their sheet row number; blank rows are left out. */
  rows: { row: number; values: SpreadsheetRow; errors: ImportRowError[] }[];
  /** The file's heading of each field (for the error report). */
  headings: Record<SpreadsheetField, string>;
}

/** Reads an uploaded file: 400 when it is not an XLSX workbook, 422 for a wrong sheet. */
export async function readContactsWorkbook(file: Buffer): Promise<ReadSheet> {
  if (file.length > MAX_IMPORT_BYTES) throw new ApiError(413, SPREADSHEET_MESSAGES.tooLarge);
  checkZip(file);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw notXlsx();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount <= 1) throw fileProblem(SPREADSHEET_MESSAGES.emptySheet, 'EMPTY_SHEET');
  if (sheet.rowCount - 1 > MAX_IMPORT_ROWS) throw fileProblem(SPREADSHEET_MESSAGES.tooManyRows, 'TOO_MANY_ROWS');

  const columnOf = new Map<SpreadsheetField, number>();
  const headings = {} as Record<SpreadsheetField, string>;
  sheet.getRow(1).eachCell((cell, columnNumber) => {
    const heading = textOf(cell.value).trim().toLowerCase();
    const column = SPREADSHEET_COLUMNS.find(
      (entry) => entry.en.toLowerCase() === heading || entry.lv.toLowerCase() === heading,
    );
    if (column && !columnOf.has(column.field)) {
      columnOf.set(column.field, columnNumber);
      headings[column.field] = textOf(cell.value).trim();
    }
  });
  if (!columnOf.has('name') || !columnOf.has('countryCode')) {
    throw fileProblem(SPREADSHEET_MESSAGES.wrongHeadings, 'WRONG_HEADINGS');
  }

  const rows: ReadSheet['rows'] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const values = {} as SpreadsheetRow;
    const errors: ImportRowError[] = [];
    for (const { field } of SPREADSHEET_COLUMNS) {
      const columnNumber = columnOf.get(field);
      const value = columnNumber === undefined ? null : row.getCell(columnNumber).value;
      if (isFormula(value)) {
        // Never evaluated, and its cached result is not trusted either.
        errors.push({
          row: rowNumber,
          column: headings[field],
          message: SPREADSHEET_MESSAGES.formula,
          code: 'FORMULA',
        });
        values[field] = '';
      } else {
        values[field] = unescapeCell(textOf(value));
      }
    }
    if (errors.length > 0 || Object.values(values).some((value) => value.trim() !== '')) {
      rows.push({ row: rowNumber, values, errors });
    }
  });
  if (rows.length === 0) throw fileProblem(SPREADSHEET_MESSAGES.emptySheet, 'EMPTY_SHEET');
  return { rows, headings };
}

function isFormula(value: ExcelJS.CellValue): boolean {
  return typeof value === 'object' && value !== null && ('formula' in value || 'sharedFormula' in value);
}

/** A cell as text: numbers as written (a phone typed as a number keeps its digits), rich text joined. */
function textOf(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  return '';
}

const notXlsx = () =>
  invalidInput(400, [{ propertyPath: 'file', message: SPREADSHEET_MESSAGES.notXlsx, code: 'NOT_XLSX' }]);

const fileProblem = (message: string, code: string) => invalidInput(422, [{ propertyPath: 'file', message, code }]);

/**
 * The type by content, not by name: a ZIP archive (local file header `PK\x03\x04`) holding
 * `xl/workbook.xml`, whose parts unpack to no more than MAX_UNPACKED_BYTES by the sizes in its
 * central directory (ZIP64 entries, which declare theirs elsewhere, are refused).
 */
function checkZip(file: Buffer): void {
  if (file.length < 22 || file.readUInt32LE(0) !== 0x04034b50) throw notXlsx();
  let end = -1;
  for (let at = file.length - 22; at >= Math.max(0, file.length - 22 - 0xffff); at--) {
    if (file.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw notXlsx();
  const entries = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  let unpacked = 0;
  let workbook = false;
  for (let index = 0; index < entries; index++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== 0x02014b50) throw notXlsx();
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    if (size === 0xffffffff) throw fileProblem(SPREADSHEET_MESSAGES.tooLarge, 'TOO_LARGE');
    unpacked += size;
    if (name === 'xl/workbook.xml') workbook = true;
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  if (unpacked > MAX_UNPACKED_BYTES) throw fileProblem(SPREADSHEET_MESSAGES.tooLarge, 'TOO_LARGE');
  if (!workbook) throw notXlsx();
}
