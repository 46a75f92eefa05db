import { MessageChannel } from 'node:worker_threads';
import type ExcelJS from 'exceljs';
import { ApiError, invalidInput, type Violation } from '../http/problem';
import { poolFailureOf, type WorkerPool, workerModule, workerPool } from '../pdf/worker-pool';
import { loadExcelJs } from './exceljs';
import { plainRows, type WorkbookPlan } from './workbook-plan';
import { measureZip, ZIP_BUDGET, type ZipBudget, ZipRefusal, zipDirectory } from './zip-budget';

// Uploaded XLSX files (SPEC §5 uploads: xlsx only), read with exceljs after the checks that keep a
// hostile file from costing the server: type by content, size, unpacked size (zip bombs), rows.
// Formula cells are never evaluated. The address book's import and the orders' bulk upload both
// read their files here, each with its own columns, limits and messages.
//
// Issue 36 item 3: the request's thread only reads the zip's directory (cheap, no inflating); the
// real unpacking (every entry inflated with its bytes counted: zip-budget.ts) and exceljs run on a
// worker thread with a heap limit and a time limit. A file over any of them is refused (422
// TOO_LARGE) and costs the other requests nothing: its worker is ended, the event loop never waits.

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
 * The plan of a workbook whose first sheet holds `rows` (headings in `locale`, every value written
 * as text, escaped), followed by any reference sheets; a WorkbookWriter writes it.
 */
export function sheetPlan<F extends string>(
  columns: readonly SheetColumn<F>[],
  rows: readonly Record<F, string>[],
  locale: 'en' | 'lv',
  sheetName: string,
  references: readonly ReferenceSheet[] = [],
): WorkbookPlan {
  return {
    sheets: [
      {
        name: sheetName,
        columns: columns.map((column) => ({ header: column[locale], width: 24 })),
        // Every value is written as text: a phone or post code never turns into a number.
        rows: plainRows(rows.map((row) => columns.map(({ field }) => escapeCell(row[field])))),
      },
      ...references.map((reference) => ({
        name: reference.name,
        columns: reference.headings.map((header) => ({ header, width: 24 })),
        rows: plainRows(reference.rows.map((row) => row.map(escapeCell))),
      })),
    ],
  };
}

/** How the workbooks of uploads are read: on a worker with these limits. */
export interface SheetReaderLimits {
  /** Reading threads (uploads are rare; one keeps a core for everything else). */
  threads: number;
  /** Uploads waiting for the reader beyond the one being read; more are refused at once (503 BUSY). */
  maxQueue: number;
  /** The reading worker's old-generation heap (MB): an honest 10,000-row workbook needs about 150. */
  heapMb: number;
  /** Milliseconds a workbook may take to read from the moment its worker starts on it. */
  timeoutMs: number;
  budget: ZipBudget;
}

export const SHEET_READER_LIMITS: SheetReaderLimits = {
  threads: 1,
  maxQueue: 4,
  heapMb: 512,
  timeoutMs: 30_000,
  budget: ZIP_BUDGET,
};

/** What the reading worker is given. */
export interface SheetTask<F extends string = string> {
  file: Uint8Array;
  spec: SheetSpec<F>;
  budget: ZipBudget;
  /** Told when the worker starts on the task: the time limit counts from then, not from the queue. */
  started?: import('node:worker_threads').MessagePort;
}

/** The worker's answer: the sheet, or the API error it found (errors do not cross threads as classes). */
export type SheetOutcome<F extends string = string> =
  | { ok: true; sheet: ReadSheet<F> }
  | { ok: false; status: number; message: string; violations: Violation[] };

export interface SheetReader {
  read<F extends string>(file: Buffer, spec: SheetSpec<F>): Promise<ReadSheet<F>>;
  close(): Promise<void>;
}

const READ_WORKER = workerModule(import.meta.url, './read-worker');

/** A reader of uploaded workbooks on its own worker pool (`workerFile` for tests: another worker entry). */
export function sheetReader(
  limits: SheetReaderLimits = SHEET_READER_LIMITS,
  workerFile: string = READ_WORKER,
): SheetReader {
  const pool: WorkerPool<SheetTask, SheetOutcome> = workerPool(workerFile, limits.threads, {
    maxQueue: limits.maxQueue,
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
  });
  return {
    async read<F extends string>(file: Buffer, spec: SheetSpec<F>): Promise<ReadSheet<F>> {
      const { messages } = spec;
      if (file.length > spec.maxBytes) throw new ApiError(413, messages.tooLarge);
      checkZip(file, messages, limits.budget);
      const { port1, port2 } = new MessageChannel();
      const controller = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      port1.once('message', () => {
        timer = setTimeout(() => controller.abort(), limits.timeoutMs);
      });
      let outcome: SheetOutcome;
      try {
        outcome = await pool.run(
          { file, spec: spec as SheetSpec<string>, budget: limits.budget, started: port2 },
          { signal: controller.signal, transferList: [port2] },
        );
      } catch (error) {
        const failure = poolFailureOf(error);
        // Over the time or heap limit: the worker was ended; the file is too large to read.
        if (failure === 'timeout' || failure === 'memory') throw fileProblem(messages.tooLarge, 'TOO_LARGE');
        throw error;
      } finally {
        clearTimeout(timer);
        port1.close();
      }
      if (!outcome.ok) throw new ApiError(outcome.status, outcome.message, outcome.violations);
      return outcome.sheet as ReadSheet<F>;
    },
    close: pool.close,
  };
}

let shared: SheetReader | undefined;

/**
 * Reads an uploaded file on the process's reading worker: 400 when it is not an XLSX workbook,
 * 413 too large, 422 for a wrong sheet or one over the unpacking budget, 503 when the reader's queue is full.
 */
export function readSheet<F extends string>(file: Buffer, spec: SheetSpec<F>): Promise<ReadSheet<F>> {
  shared ??= sheetReader();
  return shared.read(file, spec);
}

/** The reading worker's work: the real unpacked sizes against the budget, then exceljs. */
export async function readSheetHere<F extends string>(
  file: Buffer,
  spec: SheetSpec<F>,
  budget: ZipBudget = ZIP_BUDGET,
): Promise<ReadSheet<F>> {
  const { messages } = spec;
  try {
    measureZip(file, zipDirectory(file, budget), budget);
  } catch (error) {
    throw zipProblem(error, messages);
  }
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

function zipProblem(error: unknown, messages: SheetMessages): ApiError {
  if (error instanceof ZipRefusal && error.reason === 'overBudget') return fileProblem(messages.tooLarge, 'TOO_LARGE');
  return notXlsx(messages);
}

/**
 * In the request's thread, before any unpacking: the type by content, not by name (a ZIP archive
 * holding `xl/workbook.xml`), and the budget by the directory's claims (entries, unpacked sizes;
 * ZIP64 entries, which declare theirs elsewhere, are refused). The worker then checks the real sizes.
 */
function checkZip(file: Buffer, messages: SheetMessages, budget: ZipBudget): void {
  let entries: ReturnType<typeof zipDirectory>;
  try {
    entries = zipDirectory(file, budget);
  } catch (error) {
    throw zipProblem(error, messages);
  }
  if (!entries.some((entry) => entry.name === 'xl/workbook.xml')) throw notXlsx(messages);
}
