// A shipment template (issue 40 item 6): what the wizard's fields choose for every shipment made
// together (a contact group's, or eBay sales'), and the bulk file's cells it becomes. The cells
// go to the API's bulk check like a file's rows, so the server's rules and messages stay the same.
import { FINISH_SELECTION_MESSAGE, type Violation } from '@portal/shared-contracts';
import {
  BULK_COLUMNS,
  BULK_LIST_SEPARATOR,
  type BulkField,
  type BulkReport,
  type BulkRow,
  type NatureOfTransaction,
} from '@portal/shared-contracts/orders';
import type { AdditionalServiceName, PricedWorkFlow } from '@portal/shared-contracts/pricing';
import type { CourierPickUpDraft } from '../../shared/order/CourierPickUpInputs';
import { needsLocation } from '../../shared/order/HandOverSummary';
import type { LocationChoice } from '../../shared/order/location-choice';
import type { ShipmentType } from '../../shared/order/shipment-type';
import { toGrams, WEIGHT_NOT_POSITIVE_MESSAGE, weightUnit } from '../../shared/order/weight';

/** A template with every cell empty: what a row starts from. */
export const EMPTY_TEMPLATE = Object.fromEntries(BULK_COLUMNS.map(({ field }) => [field, ''])) as BulkRow;

/** The sender's fields as the wizard names them, and the cell each fills. */
export const SENDER_CELLS = {
  name: 'senderName',
  phonePrefix: 'senderPhonePrefix',
  phone: 'senderPhone',
  email: 'senderEmail',
  addressLine: 'senderAddressLine',
  city: 'senderCity',
  postCode: 'senderPostCode',
} as const satisfies Record<string, BulkField>;
export type TemplateSender = Record<keyof typeof SENDER_CELLS, string>;

/** What the template's fields hold, as typed or chosen. */
export interface TemplateChoices {
  shipmentType: ShipmentType;
  /** The destination the products are listed for (the receivers' most usual country). */
  countryCode: string | null;
  /** In the shipment type's unit (kg for parcels, g for letters), as typed. */
  weightText: string;
  product: PricedWorkFlow | null;
  services: AdditionalServiceName[];
  /** Whole euros, as typed. */
  insuranceEur: string;
  transferLocation: LocationChoice | null;
  pickUp: CourierPickUpDraft;
  sender: TemplateSender;
  content: { name: string; hsCode: string; quantity: string; valueEur: string; origin: string | null };
  natureOfTransaction: NatureOfTransaction | null;
}

export function emptyChoices(): TemplateChoices {
  return {
    shipmentType: 'parcel',
    countryCode: null,
    weightText: '',
    product: null,
    services: [],
    insuranceEur: '',
    transferLocation: null,
    pickUp: { date: '', from: '', till: '', comment: '' },
    sender: { name: '', phonePrefix: '', phone: '', email: '', addressLine: '', city: '', postCode: '' },
    content: { name: '', hsCode: '', quantity: '', valueEur: '', origin: null },
    natureOfTransaction: null,
  };
}

export const templateGrams = (choices: TemplateChoices): number | null =>
  toGrams(choices.weightText, weightUnit(choices.shipmentType));

/**
 * The cells the template gives every row (only the template's `fields`): the product's number,
 * the weight in grams, the services by their names, the hand-over place and the courier's slot
 * only when the product hands over there, the sender (always Latvia), the contents.
 */
export function templateCells(choices: TemplateChoices, fields: readonly BulkField[]): BulkRow {
  const grams = templateGrams(choices);
  const product = choices.product;
  const courier = product?.transferType === 'courier';
  const atPlace = needsLocation(product?.transferType);
  const cells: Partial<BulkRow> = {
    product: product ? String(product.id) : '',
    weight: grams === null ? choices.weightText.trim() : String(grams),
    services: choices.services.join(BULK_LIST_SEPARATOR),
    insurance: choices.services.includes('insurance') ? choices.insuranceEur.trim() : '',
    transferLocation: atPlace ? (choices.transferLocation?.id ?? '') : '',
    pickUpDate: courier ? choices.pickUp.date.trim() : '',
    pickUpFrom: courier ? choices.pickUp.from.trim() : '',
    pickUpTill: courier ? choices.pickUp.till.trim() : '',
    senderCountryCode: 'LV',
    contentName: choices.content.name.trim(),
    contentHsCode: choices.content.hsCode.trim(),
    contentQuantity: choices.content.quantity.trim(),
    contentValue: choices.content.valueEur.trim(),
    contentOrigin: choices.content.origin ?? '',
    natureOfTransaction: choices.natureOfTransaction ?? '',
  };
  for (const [key, cell] of Object.entries(SENDER_CELLS))
    cells[cell] = choices.sender[key as keyof TemplateSender].trim();
  const row = { ...EMPTY_TEMPLATE };
  for (const field of fields) row[field] = cells[field] ?? '';
  return row;
}

/**
 * What the template refuses before asking the server, at the cell it would fill: the wizard's
 * step 1 rules (a positive weight; a product chosen; a parcel locker named when the product hands
 * over at one is not needed: any place of its network will do).
 */
export function templateViolations(choices: TemplateChoices): Violation[] {
  const found: Violation[] = [];
  if (templateGrams(choices) === null) found.push({ propertyPath: 'weight', message: WEIGHT_NOT_POSITIVE_MESSAGE });
  if (choices.product === null) found.push({ propertyPath: 'product', message: FINISH_SELECTION_MESSAGE });
  return found;
}

/**
 * The server's problems with the template's own cells, once per field (a problem of the product
 * or the sender is the same on every row): shown beside the template's field, with how many rows
 * it concerns. A contact's own cells stay with its row in the list of rows to fix.
 */
export function templateProblems(
  report: BulkReport,
  fields: readonly BulkField[],
): Map<BulkField, { message: string; rows: number }> {
  const found = new Map<BulkField, { message: string; rows: number }>();
  for (const result of report.rows) {
    const seen = new Set<BulkField>();
    for (const problem of result.problems) {
      const field = problem.field;
      if (field === null || !fields.includes(field) || seen.has(field)) continue;
      seen.add(field);
      const known = found.get(field);
      found.set(field, known ? { ...known, rows: known.rows + 1 } : { message: problem.message, rows: 1 });
    }
  }
  return found;
}

/** The receivers' countries, the most usual first (the products are listed for the first). */
export function countriesByUse(codes: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const code of codes) if (code) counts.set(code, (counts.get(code) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([code]) => code);
}
