import type { Locale } from '@portal/shared-contracts';
import { rigaDate } from '../../../calendar';
import type { Orm } from '../../../db';
import { asBuffer } from '../../../pdf/worker-pool';
import { countryNames } from '../../countries';
import type { Caller, PriceByCountryInput, PriceService } from '../service';
import { type PriceFileWriter, writePriceFile } from './price-file';
import { buildPriceTable } from './price-table';

export const EXPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface PriceFile {
  body: Buffer;
  contentType: string;
  filename: string;
}

/**
 * The calculator's download (SPEC §1: "with PDF and XLSX download"): the same answer as
 * by_country, written as a file in the caller's language on the server, so the browser bundle
 * carries no PDF or spreadsheet library.
 */
export class PriceExport {
  constructor(
    private readonly orm: Orm,
    private readonly prices: PriceService,
    private readonly now: () => Date = () => new Date(),
    /** In this thread by default; the module passes a worker pool (price-file-pool.ts). */
    private readonly write: PriceFileWriter = writePriceFile,
  ) {}

  async file(input: PriceByCountryInput, caller: Caller, format: ExportFormat, locale: Locale): Promise<PriceFile> {
    const answer = await this.prices.byCountry(input, { ...caller, locale });
    const createdAt = this.now();
    const on = rigaDate(createdAt);
    const codes = [...new Set([...input.countryCodes, ...answer.workFlows.map((workflow) => workflow.countryCode)])];
    const names = await countryNames(this.orm, codes, locale === 'lv' ? 'lv' : 'en');
    const table = buildPriceTable({ request: input, answer, countryNames: names, on, locale });
    const body = asBuffer(await this.write({ format, table, createdAt: createdAt.toISOString() }));
    return { body, contentType: EXPORT_CONTENT_TYPES[format], filename: `prices-${on}.${format}` };
  }
}
