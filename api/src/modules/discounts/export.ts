import type { Locale } from '@portal/shared-contracts';
import type { Discount } from '@portal/shared-contracts/admin';
import { loadExcelJs } from '../../spreadsheet/exceljs';

// The discounts' XLSX file (SPEC §7 "discount export xlsx"): one row per discount, headings in the
// request's language, amounts as numbers (percent or euros) so the sheet can sum and sort them.

const HEADINGS: Record<Locale, Record<string, string>> = {
  en: {
    code: 'Code',
    kind: 'Kind',
    type: 'Type',
    value: 'Value',
    frequency: 'Frequency',
    frequencyIndex: 'N',
    status: 'Status',
    usageCount: 'Used',
    maxCount: 'Max count',
    leftCount: 'Left',
    validFrom: 'Valid from',
    validTill: 'Valid till',
    userType: 'Users',
  },
  lv: {
    code: 'Kods',
    kind: 'Veids',
    type: 'Tips',
    value: 'Vērtība',
    frequency: 'Biežums',
    frequencyIndex: 'N',
    status: 'Statuss',
    usageCount: 'Izmantots',
    maxCount: 'Maks. skaits',
    leftCount: 'Atlicis',
    validFrom: 'Derīgs no',
    validTill: 'Derīgs līdz',
    userType: 'Lietotāji',
  },
};

const WORDS: Record<Locale, Record<string, string>> = {
  en: {
    code: 'code',
    loyalty: 'loyalty',
    percentage: 'percentage',
    fixedPrice: 'special price',
    each: 'each shipment',
    nth: 'Nth shipment',
    afterN: 'after N shipments',
    active: 'active',
    inactive: 'inactive',
    registered: 'registered',
    all: 'all',
  },
  lv: {
    code: 'kods',
    loyalty: 'lojalitātes',
    percentage: 'procenti',
    fixedPrice: 'īpaša cena',
    each: 'katrs sūtījums',
    nth: 'N-tais sūtījums',
    afterN: 'pēc N sūtījumiem',
    active: 'aktīvs',
    inactive: 'neaktīvs',
    registered: 'reģistrētie',
    all: 'visi',
  },
};

/** DD.MM.YYYY (SPEC §9) of a YYYY-MM-DD date. */
const displayDate = (date: string | null) => (date ? date.split('-').reverse().join('.') : '');

export async function writeDiscountsWorkbook(rows: Discount[], locale: Locale): Promise<Buffer> {
  const headings = HEADINGS[locale];
  const words = WORDS[locale];
  const workbook = new (await loadExcelJs()).Workbook();
  const sheet = workbook.addWorksheet(locale === 'lv' ? 'Atlaides' : 'Discounts');
  sheet.columns = Object.entries(headings).map(([key, header]) => ({ key, header, width: key === 'code' ? 24 : 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const discount of rows) {
    const row = sheet.addRow({
      // Codes hold only letters, digits, "-" and "_" (the shared rule): no formula can start one.
      code: discount.code,
      kind: words[discount.kind],
      type: words[discount.type],
      value: discount.type === 'percentage' ? discount.value / 10_000 : discount.value / 100,
      frequency: words[discount.frequency],
      frequencyIndex: discount.frequencyIndex,
      status: words[discount.status],
      usageCount: discount.usageCount,
      maxCount: discount.maxCount,
      leftCount: discount.leftCount,
      validFrom: displayDate(discount.validFrom),
      validTill: displayDate(discount.validTill),
      userType: words[discount.userType],
    });
    row.getCell('value').numFmt = discount.type === 'percentage' ? '0.00%' : '#,##0.00 "€"';
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
