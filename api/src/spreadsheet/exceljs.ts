import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

/**
 * exceljs, loaded at the first workbook rather than with the API: it is the heaviest package the
 * API has (about 0.3 s to load in Node, 0.9 s in each jest test file) and only exports, reports and
 * uploads need it. Every user of exceljs takes it from here.
 */
export function loadExcelJs(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}
