import { formatMoney, formatWeight, type Locale, toDisplayDate } from '@portal/shared-contracts';
import { describeDeliveryTime, describeSizeLimit, type PriceByCountryAnswer } from '@portal/shared-contracts/pricing';
import type { PriceByCountryInput } from '../service';

/**
 * The calculator's result as a table, in the file's language: the one model that the PDF and
 * the XLSX writers lay out, so both files always say the same thing.
 */
export interface PriceTable {
  locale: Locale;
  title: string;
  /** "Label: value" lines above the table (destination, shipment, weight, date). */
  facts: { label: string; value: string }[];
  columns: string[];
  /** The spreadsheet's extra column saying which prices are only indicative, and its cell text. */
  basisColumn: string;
  indicativeText: string;
  rows: PriceRow[];
  /** Countries without any product at this weight and why, and what "indicative" means (in the file's language). */
  notes: string[];
}

export interface PriceRow {
  product: string;
  country: string;
  /** Cents, or null when the price is on request. */
  amount: number | null;
  /** `1.234,56 €` (SPEC §9), with "(indicative)" when it rests on an indicative figure, or "price on request". */
  price: string;
  /** The price rests on an indicative figure (derived, not the operator's published tariff). */
  indicative: boolean;
  deliveryDays: string;
  maxWeight: string;
  sizeLimit: string;
}

const TEXTS = {
  en: {
    title: 'Shipping prices',
    destination: 'Destination',
    shipment: 'Shipment',
    weight: 'Weight',
    dimensions: 'Dimensions',
    services: 'Additional services',
    insurance: 'Insured amount',
    date: 'Prices on',
    columns: ['Product', 'Country', 'Price', 'Delivery', 'Max. weight', 'Size limit'],
    letter: 'Letter',
    parcel: 'Parcel',
    onRequest: 'price on request',
    indicative: 'indicative price',
    basis: 'Price basis',
    indicativeNote: 'An indicative price is derived from published figures; it is not the operator’s published tariff.',
    noProduct: (country: string, reason: string) => `${country}: ${reason}`,
    reasons: {
      NO_PRICE_FOUND: 'no price found at this weight and size',
      WORKFLOW_TO_COUNTRY_NOT_FOUND: 'no product to this country',
      WORKFLOW_NOT_ACTIVE: 'the product is not available',
    } as Record<string, string>,
  },
  lv: {
    title: 'Sūtījumu cenas',
    destination: 'Galamērķis',
    shipment: 'Sūtījums',
    weight: 'Svars',
    dimensions: 'Izmēri',
    services: 'Papildu pakalpojumi',
    insurance: 'Apdrošinājuma summa',
    date: 'Cenas uz',
    columns: ['Produkts', 'Valsts', 'Cena', 'Piegāde', 'Maks. svars', 'Izmēru ierobežojums'],
    letter: 'Vēstule',
    parcel: 'Paka',
    onRequest: 'cena pēc pieprasījuma',
    indicative: 'orientējoša cena',
    basis: 'Cenas pamats',
    indicativeNote: 'Orientējoša cena ir aprēķināta no publicētiem skaitļiem; tā nav operatora publicētais tarifs.',
    noProduct: (country: string, reason: string) => `${country}: ${reason}`,
    reasons: {
      NO_PRICE_FOUND: 'šim svaram un izmēram cena nav atrasta',
      WORKFLOW_TO_COUNTRY_NOT_FOUND: 'uz šo valsti nav produkta',
      WORKFLOW_NOT_ACTIVE: 'produkts nav pieejams',
    } as Record<string, string>,
  },
} as const;

/** Millimetres as centimetres with a decimal comma: 580 → "58", 25 → "2,5". */
function centimetres(mm: number): string {
  return String(mm / 10).replace('.', ',');
}

export interface PriceTableInput {
  request: PriceByCountryInput;
  answer: PriceByCountryAnswer;
  /** Country names by code in the file's language. */
  countryNames: ReadonlyMap<string, string>;
  /** YYYY-MM-DD, the pricing date. */
  on: string;
  locale: Locale;
}

export function buildPriceTable({ request, answer, countryNames, on, locale }: PriceTableInput): PriceTable {
  const texts = TEXTS[locale];
  const name = (code: string) => countryNames.get(code) ?? code;
  const dimensions = request.dimensions;
  const facts = [
    { label: texts.destination, value: request.countryCodes.map(name).join(', ') },
    { label: texts.shipment, value: request.shipmentType === 'letter' ? texts.letter : texts.parcel },
    { label: texts.weight, value: formatWeight(request.weight) },
    ...(dimensions
      ? [
          {
            label: texts.dimensions,
            value: `${centimetres(dimensions.length)} × ${centimetres(dimensions.width)} × ${centimetres(dimensions.height)} cm`,
          },
        ]
      : []),
    ...(request.insurance ? [{ label: texts.insurance, value: formatMoney(request.insurance) }] : []),
    { label: texts.date, value: toDisplayDate(on) ?? on },
  ];
  const rows = answer.workFlows.map(
    (workflow): PriceRow => ({
      product: workflow.label,
      country: name(workflow.countryCode),
      amount: workflow.price?.amount ?? null,
      price: workflow.price
        ? `${formatMoney(workflow.price.amount)}${workflow.price.indicative ? ` (${texts.indicative})` : ''}`
        : texts.onRequest,
      indicative: workflow.price?.indicative === true,
      // The calculator's and the wizard's words (issue 40 item 5), one rule in shared-contracts.
      deliveryDays: describeDeliveryTime(workflow, locale),
      maxWeight: formatWeight(workflow.maxWeight),
      sizeLimit: describeSizeLimit(workflow, locale),
    }),
  );
  const notes = answer.unpriced.map((country) =>
    texts.noProduct(name(country.countryCode), texts.reasons[country.code] ?? country.message),
  );
  if (rows.some((row) => row.indicative)) notes.push(texts.indicativeNote);
  return {
    locale,
    title: texts.title,
    facts,
    columns: [...texts.columns],
    basisColumn: texts.basis,
    indicativeText: texts.indicative,
    rows,
    notes,
  };
}
