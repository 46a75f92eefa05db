import type { Locale } from '@portal/shared-contracts';
import type { Discount } from '@portal/shared-contracts/admin';
import type { WorkbookPlan } from '../../spreadsheet/workbook-plan';

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

const PERCENT_FORMAT = '0.00%';
const EURO_FORMAT = '#,##0.00 "€"';

/** The discounts as one sheet; the value a number, as a percentage or in euros. */
export function discountsWorkbook(rows: Discount[], locale: Locale): WorkbookPlan {
  const headings = HEADINGS[locale];
  const words = WORDS[locale];
  return {
    sheets: [
      {
        name: locale === 'lv' ? 'Atlaides' : 'Discounts',
        columns: Object.entries(headings).map(([key, header]) => ({ header, width: key === 'code' ? 24 : 16 })),
        rows: rows.map((discount) => ({
          cells: [
            // Codes hold only letters, digits, "-" and "_" (the shared rule): no formula can start one.
            discount.code,
            words[discount.kind] ?? discount.kind,
            words[discount.type] ?? discount.type,
            discount.type === 'percentage'
              ? { number: discount.value / 10_000, numFmt: PERCENT_FORMAT }
              : { number: discount.value / 100, numFmt: EURO_FORMAT },
            words[discount.frequency] ?? discount.frequency,
            discount.frequencyIndex,
            words[discount.status] ?? discount.status,
            discount.usageCount,
            discount.maxCount,
            discount.leftCount,
            displayDate(discount.validFrom),
            displayDate(discount.validTill),
            words[discount.userType] ?? discount.userType,
          ],
        })),
      },
    ],
  };
}
