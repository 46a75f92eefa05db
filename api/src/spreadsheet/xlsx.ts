import type ExcelJS from 'exceljs';
import { ApiError, invalidInput } from '../http/problem';
import { loadExcelJs } from './exceljs';

// Uploaded XLSX files (SPEC §5 uploads: xlsx only), read with exceljs after the checks that keep a
// hostile file from costing the server: type by content, size, unpacked size (zip bombs), rows.
// Formula cells are never evaluated. The address book's import and the orders' bulk upload both
// read their files here, each with its own columns, limits and messages.

/** A workbook whose parts unpack to more than this is refused before exceljs unpacks it (zip bomb). */
const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

/** A column of a file: its field, and its headings in English and Latvian (either is accepted). */
export interface SheetColumn<F extends string> {
  field: F;
  en: string;
  lv: string;
}

/** The reader's refusals, in the words of the file's owner module. */
export interface SheetMessages {
  notXlsx: string;
  tooLarge: string;
  tooManyRows: string;
  emptySheet: string;
  wrongHeadings: string;
  formula: string;
}

export interface SheetSpec<F extends string> {
  columns: readonly SheetColumn<F>[];
  /** Fields whose column the first row must name. */
  required: readonly F[];
  maxBytes: number;
  maxRows: number;
  messages: SheetMessages;
}

/** A problem of one cell or row: the sheet's row number and the file's heading of the column ('' for the row). */
export interface SheetCellError {
  row: number;
  column: string;
  message: string;
  code: string;
}

export interface ReadSheet<F extends string> {
  /** Data rows with their sheet row number; blank rows are left out. */
  rows: { row: number; values: Record<F, string>; errors: SheetCellError[] }[];
  /** The file's heading of each field it has (for the error report). */
  headings: Partial<Record<F, string>>;
}

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

/** A sheet after the first, for the reader of the file (e.g. the choices a column takes); never read back. */
export interface ReferenceSheet {
  name: string;
  headings: string[];
  rows: string[][];
}

/**
 * A workbook whose first sheet holds `rows` (headings in `locale`, every value written as text,
 * escaped), followed by any reference sheets.
 */
export async function writeSheet<F extends string>(
  columns: readonly SheetColumn<F>[],
  rows: readonly Record<F, string>[],
  locale: 'en' | 'lv',
  sheetName: string,
  references: readonly ReferenceSheet[] = [],
): Promise<Buffer> {
  const workbook = new (await loadExcelJs()).Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((column) => ({ header: column[locale], key: column.field, width: 24 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    // Every value is written as text: a phone or post code never turns into a number.
    sheet.addRow(Object.fromEntries(columns.map(({ field }) => [field, escapeCell(row[field])])));
  }
  for (const reference of references) {
    const extra = workbook.addWorksheet(reference.name);
    extra.addRow(reference.headings).font = { bold: true };
    for (const row of reference.rows) extra.addRow(row.map(escapeCell));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Reads an uploaded file: 400 when it is not an XLSX workbook, 413 too large, 422 for a wrong sheet. */
export async function readSheet<F extends string>(file: Buffer, spec: SheetSpec<F>): Promise<ReadSheet<F>> {
  const { messages } = spec;
  if (file.length > spec.maxBytes) throw new ApiError(413, messages.tooLarge);
  checkZip(file, messages);
  const workbook = new (await loadExcelJs()).Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw notXlsx(messages);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount <= 1) throw fileProblem(messages.emptySheet, 'EMPTY_SHEET');
  if (sheet.rowCount - 1 > spec.maxRows) throw fileProblem(messages.tooManyRows, 'TOO_MANY_ROWS');

  const columnOf = new Map<F, number>();
  const headings: Partial<Record<F, string>> = {};
  sheet.getRow(1).eachCell((cell, columnNumber) => {
    const heading = textOf(cell.value).trim().toLowerCase();
    const column = spec.columns.find(
      (entry) => entry.en.toLowerCase() === heading || entry.lv.toLowerCase() === heading,
    );
    if (column && !columnOf.has(column.field)) {
      columnOf.set(column.field, columnNumber);
      headings[column.field] = textOf(cell.value).trim();
    }
  });
  if (spec.required.some((field) => !columnOf.has(field))) {
    throw fileProblem(messages.wrongHeadings, 'WRONG_HEADINGS');
  }

  const rows: ReadSheet<F>['rows'] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const values = {} as Record<F, string>;
    const errors: SheetCellError[] = [];
    for (const { field } of spec.columns) {
      const columnNumber = columnOf.get(field);
      const value = columnNumber === undefined ? null : row.getCell(columnNumber).value;
      if (isFormula(value)) {
        // Never evaluated, and its cached result is not trusted either.
        errors.push({ row: rowNumber, column: headings[field] ?? '', message: messages.formula, code: 'FORMULA' });
        values[field] = '';
      } else {
        values[field] = unescapeCell(textOf(value));
      }
    }
    if (errors.length > 0 || Object.values<string>(values).some((value) => value.trim() !== '')) {
      rows.push({ row: rowNumber, values, errors });
    }
  });
  if (rows.length === 0) throw fileProblem(messages.emptySheet, 'EMPTY_SHEET');
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

const notXlsx = (messages: SheetMessages) =>
  invalidInput(400, [{ propertyPath: 'file', message: messages.notXlsx, code: 'NOT_XLSX' }]);

const fileProblem = (message: string, code: string) => invalidInput(422, [{ propertyPath: 'file', message, code }]);

/**
 * The type by content, not by name: a ZIP archive (local file header `PK\x03\x04`) holding
 * `xl/workbook.xml`, whose parts unpack to no more than MAX_UNPACKED_BYTES by the sizes in its
 * central directory (ZIP64 entries, which declare theirs elsewhere, are refused).
 */
function checkZip(file: Buffer, messages: SheetMessages): void {
  if (file.length < 22 || file.readUInt32LE(0) !== 0x04034b50) throw notXlsx(messages);
  let end = -1;
  for (let at = file.length - 22; at >= Math.max(0, file.length - 22 - 0xffff); at--) {
    if (file.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw notXlsx(messages);
  const entries = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  let unpacked = 0;
  let workbook = false;
  for (let index = 0; index < entries; index++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== 0x02014b50) throw notXlsx(messages);
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    if (size === 0xffffffff) throw fileProblem(messages.tooLarge, 'TOO_LARGE');
    unpacked += size;
    if (name === 'xl/workbook.xml') workbook = true;
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  if (unpacked > MAX_UNPACKED_BYTES) throw fileProblem(messages.tooLarge, 'TOO_LARGE');
  if (!workbook) throw notXlsx(messages);
}
