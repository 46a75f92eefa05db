import {
  BULK_COLUMNS,
  BULK_MESSAGES,
  BULK_REQUIRED_FIELDS,
  type BulkField,
  type BulkReport,
  type BulkRow,
  type BulkRowProblem,
  bulkFieldOfPath,
  bulkRowOfLine,
  bulkRowToLine,
  MAX_BULK_FILE_BYTES,
  MAX_BULK_ROWS,
  type OrderLineWrite,
  type OrderWrite,
  orderLineWriteSchema,
} from '@portal/shared-contracts/orders';
import { z } from 'zod';
import type { Violation } from '../../http/problem';
import { apiErrorMap, toViolations } from '../../http/violations';
import type { WorkbookWriter } from '../../spreadsheet/workbook-writer';
import { type ReferenceSheet, readSheet, type SheetCellError, sheetPlan } from '../../spreadsheet/xlsx';
import type { WorkflowCatalogue } from '../workflows';
import type { Caller } from './access';
import { type OrderService, pricedForCaller } from './service';

/** SPEC §5 / §9: uploads at most 30 MB (the contracts' rule, which the screen states too). */
export const MAX_BULK_BYTES = MAX_BULK_FILE_BYTES;

/** A row to check: its sheet row number, its cells, and the problems the file reader found (formulas). */
export interface BulkInputRow {
  row: number;
  values: BulkRow;
  errors?: SheetCellError[];
}

const LINE_PATH = /^orderLines\[(\d+)\]\.?(.*)$/;

/**
 * Shipments in bulk (issue 12 item 5): every row of a file becomes the order line the wizard
 * would write (shared-contracts `bulkRowToLine`) and passes the order's own checks, the same
 * calls a single order makes: the shape (`orderLineWriteSchema`), the SPEC §5 rules of every step
 * (`OrderService.violations`) and the server's price (`OrderService.price`, the price engine).
 * The good rows then become one order through POST /api/orders, which checks them once more.
 */
export class OrderBulk {
  constructor(
    private readonly service: OrderService,
    private readonly catalogue: WorkflowCatalogue,
    /** Writes the shipments files on the API's workbook writers (worker threads). */
    private readonly workbooks: WorkbookWriter,
  ) {}

  /** Reads an uploaded XLSX file (400/413/422 for a file that is not a shipments workbook) and checks its rows. */
  async checkFile(caller: Caller, file: Buffer): Promise<BulkReport> {
    await this.service.access.accountFor(caller);
    const sheet = await readSheet(file, {
      columns: BULK_COLUMNS,
      required: BULK_REQUIRED_FIELDS,
      maxBytes: MAX_BULK_BYTES,
      maxRows: MAX_BULK_ROWS,
      messages: BULK_MESSAGES,
    });
    return this.check(caller, sheet.rows);
  }

  /** Checks rows (from a file, or edited on the screen): each row's problems, the good rows' prices. */
  async check(caller: Caller, rows: readonly BulkInputRow[]): Promise<BulkReport> {
    await this.service.access.accountFor(caller);
    // Each row's product names its hand-over (issue 40 item 6): the line carries it as the wizard's does.
    const products = new Map((await this.catalogue.all()).map((workflow) => [workflow.id, workflow]));
    const results = rows.map(({ row, values, errors = [] }) => {
      const { line, problems } = bulkRowToLine(values, (id) => products.get(id));
      const found: BulkRowProblem[] = [
        ...errors.map((error) => ({
          field: fieldOfHeading(error.column),
          propertyPath: '',
          message: error.message,
          code: error.code,
        })),
        ...problems,
      ];
      const shape = z.safeParse(orderLineWriteSchema, line, { error: apiErrorMap });
      if (!shape.success) found.push(...toViolations(shape.error).map(problemOf));
      return { row, line, priceCents: null as number | null, problems: found };
    });

    // The SPEC §5 rules of every step, over the rows whose cells could be read, as one order.
    const readable = results.filter((result) => result.problems.length === 0);
    if (readable.length > 0) {
      const order: OrderWrite = { orderLines: readable.map((result) => result.line) };
      const found = await this.service.violations(order, { kind: 'all' }, true);
      for (const { index, violation } of perLine(found)) readable[index]?.problems.push(problemOf(violation));
    }

    // The price engine over the rows that pass the rules. A row it cannot price (a tariff on
    // request, a country without service) is an incorrect row; the others are priced again
    // without it, so the prices shown are those of the order the good rows become.
    let priceable = results.filter((result) => result.problems.length === 0);
    for (let pass = 0; pass < 2 && priceable.length > 0; pass++) {
      const priced = await this.service.price(
        { orderLines: priceable.map((result) => result.line) },
        pricedForCaller(caller.principal),
      );
      if (priced.violations.length === 0) {
        priceable.forEach((result, index) => {
          result.priceCents = priced.linePrices[index]?.amount ?? null;
        });
        break;
      }
      for (const { index, violation } of perLine(priced.violations))
        priceable[index]?.problems.push(problemOf(violation));
      priceable = priceable.filter((result) => result.problems.length === 0);
    }

    const incorrect = results.filter((result) => result.problems.length > 0);
    return {
      totalRows: results.length,
      incorrectRows: incorrect.length,
      rows: results.map((result) => (result.problems.length > 0 ? { ...result, priceCents: null } : result)),
      totalCents: results.reduce(
        (sum, result) => sum + (result.problems.length === 0 ? (result.priceCents ?? 0) : 0),
        0,
      ),
    };
  }

  /** An order's lines as a shipments file: uploaded again, it becomes the same shipments. */
  async exportOrder(caller: Caller, key: string, locale: 'en' | 'lv'): Promise<Buffer> {
    const order = await this.service.get(caller, key);
    const rows = order.orderLines.map((line) => bulkRowOfLine(line as OrderLineWrite));
    return this.workbooks(
      sheetPlan(BULK_COLUMNS, rows, locale, locale === 'lv' ? 'Sūtījumi' : 'Shipments', [await this.products(locale)]),
    );
  }

  /** An empty shipments file: the headings, and a second sheet naming the product numbers. */
  async template(locale: 'en' | 'lv'): Promise<Buffer> {
    return this.workbooks(
      sheetPlan(BULK_COLUMNS, [], locale, locale === 'lv' ? 'Sūtījumi' : 'Shipments', [await this.products(locale)]),
    );
  }

  /** The active products with their numbers (the product column's values), in the file's language. */
  private async products(locale: 'en' | 'lv'): Promise<ReferenceSheet> {
    const active = (await this.catalogue.all()).filter((workflow) => workflow.isActive);
    return {
      name: locale === 'lv' ? 'Produkti' : 'Products',
      headings: locale === 'lv' ? ['Produkta numurs', 'Produkts'] : ['Product number', 'Product'],
      rows: active.map((workflow) => [
        String(workflow.id),
        locale === 'lv' ? (workflow.labelLv ?? workflow.label) : workflow.label,
      ]),
    };
  }
}

/** Violations at `orderLines[i]...` with their line index; order-level ones (terms, e-notification) are the order's, not a row's. */
function perLine(violations: readonly Violation[]): { index: number; violation: Violation }[] {
  return violations.flatMap((violation) => {
    const match = LINE_PATH.exec(violation.propertyPath);
    if (!match) return [];
    return [{ index: Number(match[1]), violation: { ...violation, propertyPath: match[2] ?? '' } }];
  });
}

function problemOf(violation: Violation): BulkRowProblem {
  return {
    field: bulkFieldOfPath(violation.propertyPath),
    propertyPath: violation.propertyPath,
    message: violation.message,
    code: violation.code ?? 'INVALID',
  };
}

function fieldOfHeading(heading: string): BulkField | null {
  const lower = heading.toLowerCase();
  return (
    BULK_COLUMNS.find((column) => column.en.toLowerCase() === lower || column.lv.toLowerCase() === lower)?.field ?? null
  );
}
