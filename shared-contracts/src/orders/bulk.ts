// Shipments in bulk from a spreadsheet (issue 12 item 5, SPEC §5 uploads: "xlsx only; errors shown
// as rows incorrect of total"). One row is one order line: product, weight, size, services, the
// receiver, the sender and one content line. The columns, the conversion of a row to the order
// line the wizard would write, and the way back (a line as a row, so an exported order imports
// into the same shipments) live here once: the API reads the file with them and the screen names
// the columns of a bad row with them.

import * as z from 'zod/mini';
import { toDbDate, toDisplayDate } from '../format/dates';
import { parseMoneyToCents } from '../format/money';
import { formatScaledInteger } from '../format/scaled-integer';
import {
  ADDITIONAL_SERVICES,
  type AdditionalServiceName,
  HANDOVER_TYPES,
  type HandoverType,
  SHIPMENT_SIZE_TYPES,
  type ShipmentSizeType,
} from '../pricing/constants';
import { NATURES_OF_TRANSACTION, ORDER_LIMITS } from './constants';
import type { OrderLineWrite, Party } from './schemas';

export const BULK_COLUMNS = [
  { field: 'product', en: 'Product number', lv: 'Produkta numurs' },
  { field: 'weight', en: 'Weight, g', lv: 'Svars, g' },
  { field: 'packageSize', en: 'Size', lv: 'Izmērs' },
  { field: 'services', en: 'Additional services', lv: 'Papildpakalpojumi' },
  { field: 'insurance', en: 'Insurance, EUR', lv: 'Apdrošināšana, EUR' },
  { field: 'receiverName', en: 'Receiver name', lv: 'Saņēmēja vārds' },
  { field: 'receiverCompany', en: 'Receiver company', lv: 'Saņēmēja uzņēmums' },
  { field: 'receiverEmail', en: 'Receiver e-mail', lv: 'Saņēmēja e-pasts' },
  { field: 'receiverPhonePrefix', en: 'Receiver phone prefix', lv: 'Saņēmēja tālruņa prefikss' },
  { field: 'receiverPhone', en: 'Receiver phone', lv: 'Saņēmēja tālrunis' },
  { field: 'countryCode', en: 'Destination country code', lv: 'Galamērķa valsts kods' },
  { field: 'addressLine', en: 'Receiver address', lv: 'Saņēmēja adrese' },
  { field: 'city', en: 'Receiver city', lv: 'Saņēmēja pilsēta' },
  { field: 'region', en: 'Receiver region or state', lv: 'Saņēmēja novads vai štats' },
  { field: 'postCode', en: 'Receiver post code', lv: 'Saņēmēja pasta indekss' },
  { field: 'senderName', en: 'Sender name', lv: 'Sūtītāja vārds' },
  { field: 'senderEmail', en: 'Sender e-mail', lv: 'Sūtītāja e-pasts' },
  { field: 'senderPhonePrefix', en: 'Sender phone prefix', lv: 'Sūtītāja tālruņa prefikss' },
  { field: 'senderPhone', en: 'Sender phone', lv: 'Sūtītāja tālrunis' },
  { field: 'senderCountryCode', en: 'Sender country code', lv: 'Sūtītāja valsts kods' },
  { field: 'senderAddressLine', en: 'Sender address', lv: 'Sūtītāja adrese' },
  { field: 'senderCity', en: 'Sender city', lv: 'Sūtītāja pilsēta' },
  { field: 'senderPostCode', en: 'Sender post code', lv: 'Sūtītāja pasta indekss' },
  { field: 'contentName', en: 'Contents', lv: 'Saturs' },
  { field: 'contentHsCode', en: 'HS code', lv: 'HS kods' },
  { field: 'contentQuantity', en: 'Quantity', lv: 'Daudzums' },
  { field: 'contentValue', en: 'Value, EUR', lv: 'Vērtība, EUR' },
  { field: 'contentOrigin', en: 'Country of origin', lv: 'Izcelsmes valsts' },
  { field: 'natureOfTransaction', en: 'Nature of transaction', lv: 'Darījuma veids' },
  // Issue 40 item 6: every product's hand-over in its own columns (last, so
  // files made from the earlier template keep their column order): the place the sender hands over
  // at (a parcel locker or post office ID, as the map names it), the receiver's locker or post
  // office, and the courier's pick-up slot (DD.MM.YYYY, HH:mm–HH:mm) for a courier pick-up.
  { field: 'transferLocation', en: 'Hand-over place ID', lv: 'Nodošanas vietas ID' },
  { field: 'pickUpDate', en: 'Courier pick-up date', lv: 'Kurjera ierašanās datums' },
  { field: 'pickUpFrom', en: 'Courier pick-up from', lv: 'Kurjera ierašanās no' },
  { field: 'pickUpTill', en: 'Courier pick-up till', lv: 'Kurjera ierašanās līdz' },
  {
    field: 'receiverLocation',
    en: 'Receiver parcel locker or post office ID',
    lv: 'Saņēmēja pakomāta vai pasta nodaļas ID',
  },
] as const;
export type BulkField = (typeof BULK_COLUMNS)[number]['field'];
export type BulkRow = Record<BulkField, string>;

/** Columns the first row must name (in English or Latvian) for the file to be a shipments file. */
export const BULK_REQUIRED_FIELDS: readonly BulkField[] = ['product', 'weight', 'receiverName', 'countryCode'];

/** SPEC §5 / §9: a shipments file is at most 30 MB (the screen says so and refuses a larger one; the API too). */
export const MAX_BULK_FILE_BYTES = 30 * 1024 * 1024;
/** Rows one file may hold: the bench prices 1,000; the file limits of SPEC §5 keep the rest bounded. */
export const MAX_BULK_ROWS = 1_000;
/** One order holds at most this many lines (the order rule): a bulk order too. */
export const MAX_BULK_ORDER_LINES = ORDER_LIMITS.maxOrderLines;
/** Several services in one cell are joined by this. */
export const BULK_LIST_SEPARATOR = ', ';

export const BULK_MESSAGES = {
  notXlsx: 'The file is not an XLSX workbook.',
  tooLarge: 'The file is larger than 30 MB.',
  tooManyRows: `The file has more than ${MAX_BULK_ROWS} rows.`,
  emptySheet: 'The sheet has no shipments.',
  wrongHeadings: 'The first row must hold the column headings of the shipments template.',
  formula: 'Formulas are not accepted: enter the value itself.',
  wholeNumber: 'This value should be a whole number.',
  amount: 'This value should be an amount in euros, e.g. 12.50.',
  choice: 'The value you selected is not a valid choice.',
  date: 'This value should be a date, e.g. 24.12.2026.',
} as const;

export const BULK_CODES = {
  wholeNumber: 'NOT_A_WHOLE_NUMBER',
  amount: 'NOT_AN_AMOUNT',
  choice: 'NO_SUCH_CHOICE',
  date: 'NOT_A_DATE',
} as const;

const BULK_FIELDS = BULK_COLUMNS.map((column) => column.field) as unknown as readonly [BulkField, ...BulkField[]];

/** A problem of one row: the field (its column) and the rule's words. */
export const bulkRowProblemSchema = z.object({
  field: z.nullable(z.enum(BULK_FIELDS)),
  /** The order rule's own path inside the line (`receiver.phone`), when the rule named one. */
  propertyPath: z.string(),
  message: z.string(),
  code: z.string(),
});
export type BulkRowProblem = z.infer<typeof bulkRowProblemSchema>;

// The line a row became, as `bulkRowToLine` builds it: the write shape's fields a row fills, without
// the write schema's lengths and ranges (a row breaking them is answered with that problem).
const cell = z.optional(z.nullable(z.string()));
const whole = z.optional(z.nullable(z.int()));
const slot = z.nullable(z.string());
const bulkAddressSchema = z.object({
  countryCode: cell,
  addressLine: cell,
  city: cell,
  region: cell,
  postCode: cell,
  serviceLocationId: cell,
});
const bulkPartySchema = z.object({
  name: cell,
  companyName: cell,
  company: z.optional(z.boolean()),
  email: cell,
  phonePrefix: cell,
  phone: cell,
  address: z.optional(z.nullable(bulkAddressSchema)),
});

/** The order line a row became (assignable to OrderLineWrite, which the order is made of). */
export const bulkLineSchema = z.object({
  /** The product number of the row. */
  workFlow: whole,
  attributes: z.optional(
    z.object({
      /** Grams. */
      weight: whole,
      countryCode: cell,
      postCode: cell,
      packageSize: z.optional(z.nullable(z.enum(SHIPMENT_SIZE_TYPES))),
      additionalServices: z.optional(z.array(z.enum(ADDITIONAL_SERVICES))),
      /** The product's hand-over (`bulkRowToLine` takes them from the product, as the wizard does). */
      transferType: z.optional(z.nullable(z.enum(HANDOVER_TYPES))),
      receivingType: z.optional(z.nullable(z.enum(HANDOVER_TYPES))),
      transferLocationId: cell,
    }),
  ),
  services: z.optional(
    z.nullable(
      z.object({
        /** Cents. */
        insurance: z.optional(
          z.nullable(z.object({ amount: z.nullable(z.int()), currency: z.optional(z.literal('EUR')) })),
        ),
        /** Date YYYY-MM-DD, times HH:mm, as the order takes them. */
        courierPickUp: z.optional(
          z.nullable(z.object({ pickUpTime: z.object({ date: slot, from: slot, till: slot }), comment: cell })),
        ),
      }),
    ),
  ),
  receiver: z.optional(z.nullable(bulkPartySchema)),
  sender: z.optional(z.nullable(bulkPartySchema)),
  /** At most one content line: weight in grams, value in cents. */
  content: z.optional(
    z.array(z.object({ name: cell, hsCode: cell, quantity: whole, weight: whole, value: whole, countryCode: cell })),
  ),
  customsInfo: z.optional(
    z.nullable(z.object({ natureOfTransaction: z.optional(z.nullable(z.enum(NATURES_OF_TRANSACTION))) })),
  ),
});
export type BulkLine = z.infer<typeof bulkLineSchema>;

/** One row of the answer: the line it became, its price (cents) when it has one, and its problems. */
export const bulkRowResultSchema = z.object({
  /** The sheet's row number (the headings are row 1). */
  row: z.int(),
  line: bulkLineSchema,
  priceCents: z.nullable(z.int()),
  problems: z.array(bulkRowProblemSchema),
});
export type BulkRowResult = z.infer<typeof bulkRowResultSchema>;

/** POST /api/orders/bulk's answer: "N rows incorrect of M", every row, and the good rows' total. */
export const bulkReportSchema = z.object({
  totalRows: z.int(),
  incorrectRows: z.int(),
  rows: z.array(bulkRowResultSchema),
  /** The good rows' prices summed, cents. */
  totalCents: z.int(),
});
export type BulkReport = z.infer<typeof bulkReportSchema>;

/** Where a rule's path inside a line (`receiver.address.postCode`) is in the sheet. */
const FIELD_OF_PATH: Record<string, BulkField> = {
  workFlow: 'product',
  'attributes.weight': 'weight',
  'attributes.packageSize': 'packageSize',
  'attributes.additionalServices': 'services',
  'attributes.countryCode': 'countryCode',
  'attributes.transferLocationId': 'transferLocation',
  'services.courierPickUp': 'pickUpDate',
  'services.courierPickUp.pickUpTime.date': 'pickUpDate',
  'services.courierPickUp.pickUpTime.from': 'pickUpFrom',
  'services.courierPickUp.pickUpTime.till': 'pickUpTill',
  'receiver.address.serviceLocationId': 'receiverLocation',
  'services.insurance': 'insurance',
  'services.insurance.amount': 'insurance',
  'receiver.name': 'receiverName',
  'receiver.companyName': 'receiverCompany',
  'receiver.email': 'receiverEmail',
  'receiver.phonePrefix': 'receiverPhonePrefix',
  'receiver.phone': 'receiverPhone',
  'receiver.address.countryCode': 'countryCode',
  'receiver.address.addressLine': 'addressLine',
  'receiver.address.city': 'city',
  'receiver.address.region': 'region',
  'receiver.address.postCode': 'postCode',
  'sender.name': 'senderName',
  'sender.email': 'senderEmail',
  'sender.phonePrefix': 'senderPhonePrefix',
  'sender.phone': 'senderPhone',
  'sender.address.countryCode': 'senderCountryCode',
  'sender.address.addressLine': 'senderAddressLine',
  'sender.address.city': 'senderCity',
  'sender.address.postCode': 'senderPostCode',
  'content[0].name': 'contentName',
  'content[0].hsCode': 'contentHsCode',
  'content[0].quantity': 'contentQuantity',
  'content[0].value': 'contentValue',
  'content[0].countryCode': 'contentOrigin',
  'customsInfo.natureOfTransaction': 'natureOfTransaction',
};

/** The column of a rule's path inside a line (`receiver.phone` → receiverPhone); null for the row as a whole. */
export function bulkFieldOfPath(path: string): BulkField | null {
  for (let candidate = path; candidate !== ''; candidate = candidate.replace(/(?:\.[^.]*|\[\d+\])$/, '')) {
    const field = FIELD_OF_PATH[candidate];
    if (field) return field;
    if (!/[.[]/.test(candidate)) break;
  }
  return null;
}

const blankToNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** What a row's product says about its hand-over (a workflow row has these fields). */
export interface BulkProductHandover {
  transferType: string | null;
  receivingType: string | null;
  shipmentSizeType: string | null;
}

const asHandover = (value: string | null | undefined): HandoverType | null =>
  (HANDOVER_TYPES as readonly string[]).includes(value ?? '') ? (value as HandoverType) : null;
/** Products whose hand-over or delivery is at a place the row names (a locker or post office). */
const AT_PLACE: readonly string[] = ['parcelMachine', 'postOffice', 'parcelMachinePostOffice'];

/**
 * One row as the order line the wizard would write (the same shapes, so the same rules and the
 * same price apply), with the problems of cells that are not a number or a choice at all.
 * `productOf` names the row's product's hand-over (issue 40 item 6): as in the wizard, the line
 * carries the product's transfer and receiving types (so each shipment gets its own hand-over
 * instructions), the places the row names, the locker size of a locker product, and a courier
 * pick-up slot for a courier product (blank cells then break the pick-up rule at their columns).
 */
export function bulkRowToLine(
  values: BulkRow,
  productOf: (id: number) => BulkProductHandover | null | undefined = () => null,
): { line: BulkLine; problems: BulkRowProblem[] } {
  const problems: BulkRowProblem[] = [];
  const problem = (field: BulkField, message: string, code: string) =>
    problems.push({ field, propertyPath: '', message, code });

  const whole = (field: BulkField): number | null => {
    const text = values[field].trim();
    if (text === '') return null;
    if (!/^\d{1,9}$/.test(text)) {
      problem(field, BULK_MESSAGES.wholeNumber, BULK_CODES.wholeNumber);
      return null;
    }
    return Number(text);
  };
  const cents = (field: BulkField): number | null => {
    const text = values[field].trim();
    if (text === '') return null;
    const parsed = parseMoneyToCents(text);
    if (parsed === null || parsed < 0) {
      problem(field, BULK_MESSAGES.amount, BULK_CODES.amount);
      return null;
    }
    return parsed;
  };
  const choice = <T extends string>(field: BulkField, choices: readonly T[]): T | null => {
    const text = values[field].trim();
    if (text === '') return null;
    const found = choices.find((entry) => entry.toLowerCase() === text.toLowerCase());
    if (!found) problem(field, BULK_MESSAGES.choice, BULK_CODES.choice);
    return found ?? null;
  };

  const product = whole('product');
  const weight = whole('weight');
  const packageSize = choice('packageSize', SHIPMENT_SIZE_TYPES);
  const services: AdditionalServiceName[] = [];
  for (const name of values.services.split(',')) {
    if (name.trim() === '') continue;
    const found = ADDITIONAL_SERVICES.find((entry) => entry.toLowerCase() === name.trim().toLowerCase());
    if (found) services.push(found);
    else problem('services', BULK_MESSAGES.choice, BULK_CODES.choice);
  }
  const insurance = cents('insurance');
  const quantity = whole('contentQuantity');
  const contentValue = cents('contentValue');
  const nature = choice('natureOfTransaction', NATURES_OF_TRANSACTION);
  const countryCode = blankToNull(values.countryCode)?.toUpperCase() ?? null;
  const cellOf = (field: BulkField): string => values[field] ?? '';
  const pickUpDateText = blankToNull(cellOf('pickUpDate'));
  const pickUpDate = pickUpDateText === null ? null : toDbDate(pickUpDateText);
  if (pickUpDateText !== null && pickUpDate === null) problem('pickUpDate', BULK_MESSAGES.date, BULK_CODES.date);
  const handover = product === null ? null : (productOf(product) ?? null);
  const transferType = asHandover(handover?.transferType);
  const receivingType = asHandover(handover?.receivingType);
  const lockerSize = (SHIPMENT_SIZE_TYPES as readonly string[]).includes(handover?.shipmentSizeType ?? '')
    ? (handover?.shipmentSizeType as ShipmentSizeType)
    : null;
  const atPlace = (type: HandoverType | null) => type !== null && AT_PLACE.includes(type);
  const courierPickUp =
    transferType === 'courier'
      ? {
          pickUpTime: {
            date: pickUpDate ?? pickUpDateText,
            from: blankToNull(cellOf('pickUpFrom')),
            till: blankToNull(cellOf('pickUpTill')),
          },
          comment: null,
        }
      : null;

  const receiver: Party = {
    name: blankToNull(values.receiverName),
    companyName: blankToNull(values.receiverCompany),
    company: blankToNull(values.receiverCompany) !== null,
    email: blankToNull(values.receiverEmail),
    phonePrefix: blankToNull(values.receiverPhonePrefix),
    phone: blankToNull(values.receiverPhone),
    address: {
      countryCode,
      addressLine: blankToNull(values.addressLine),
      city: blankToNull(values.city),
      region: blankToNull(values.region),
      postCode: blankToNull(values.postCode),
      serviceLocationId: atPlace(receivingType) ? blankToNull(cellOf('receiverLocation')) : null,
    },
  };
  const sender: Party = {
    name: blankToNull(values.senderName),
    email: blankToNull(values.senderEmail),
    phonePrefix: blankToNull(values.senderPhonePrefix),
    phone: blankToNull(values.senderPhone),
    address: {
      countryCode: blankToNull(values.senderCountryCode)?.toUpperCase() ?? null,
      addressLine: blankToNull(values.senderAddressLine),
      city: blankToNull(values.senderCity),
      postCode: blankToNull(values.senderPostCode),
    },
  };
  const hasContent = ['contentName', 'contentHsCode', 'contentQuantity', 'contentValue', 'contentOrigin'].some(
    (field) => values[field as BulkField].trim() !== '',
  );
  const line: BulkLine = {
    workFlow: product,
    attributes: {
      weight,
      countryCode,
      postCode: blankToNull(values.postCode),
      packageSize: packageSize ?? lockerSize,
      additionalServices: services,
      transferType,
      receivingType,
      transferLocationId: atPlace(transferType) ? blankToNull(cellOf('transferLocation')) : null,
    },
    services:
      insurance === null && courierPickUp === null
        ? null
        : {
            ...(insurance === null ? {} : { insurance: { amount: insurance, currency: 'EUR' as const } }),
            ...(courierPickUp === null ? {} : { courierPickUp }),
          },
    receiver,
    sender,
    content: hasContent
      ? [
          {
            name: blankToNull(values.contentName),
            hsCode: blankToNull(values.contentHsCode),
            quantity,
            // The one content line weighs what the shipment weighs.
            weight,
            value: contentValue,
            countryCode: blankToNull(values.contentOrigin)?.toUpperCase() ?? null,
          },
        ]
      : [],
    customsInfo: nature === null ? null : { natureOfTransaction: nature },
  };
  return { line, problems };
}

/** An amount of cents as a cell of the shipments file (`12.50`); empty for none. */
export const bulkCellOfCents = (cents: number | null | undefined): string =>
  cents === null || cents === undefined ? '' : formatScaledInteger(cents, 2).replace(/\./g, '').replace(',', '.');
const euros = bulkCellOfCents;

/** A line as a row: an order exported this way and uploaded again becomes the same shipments. */
export function bulkRowOfLine(line: OrderLineWrite): BulkRow {
  const workFlow = line.workFlow;
  const product =
    workFlow === null || workFlow === undefined ? '' : (String(workFlow).split('/').pop()?.toString() ?? '');
  const receiver = line.receiver ?? {};
  const sender = line.sender ?? {};
  const content = line.content?.[0];
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  return {
    product,
    weight: text(line.attributes?.weight),
    packageSize: text(line.attributes?.packageSize),
    services: (line.attributes?.additionalServices ?? []).join(BULK_LIST_SEPARATOR),
    insurance: euros(line.services?.insurance?.amount),
    transferLocation: text(line.attributes?.transferLocationId),
    pickUpDate: toDisplayDate(line.services?.courierPickUp?.pickUpTime.date ?? null) ?? '',
    pickUpFrom: text(line.services?.courierPickUp?.pickUpTime.from),
    pickUpTill: text(line.services?.courierPickUp?.pickUpTime.till),
    receiverLocation: text(receiver.address?.serviceLocationId),
    receiverName: text(receiver.name),
    receiverCompany: text(receiver.companyName),
    receiverEmail: text(receiver.email),
    receiverPhonePrefix: text(receiver.phonePrefix),
    receiverPhone: text(receiver.phone),
    countryCode: text(line.attributes?.countryCode ?? receiver.address?.countryCode),
    addressLine: text(receiver.address?.addressLine),
    city: text(receiver.address?.city),
    region: text(receiver.address?.region),
    postCode: text(receiver.address?.postCode),
    senderName: text(sender.name),
    senderEmail: text(sender.email),
    senderPhonePrefix: text(sender.phonePrefix),
    senderPhone: text(sender.phone),
    senderCountryCode: text(sender.address?.countryCode),
    senderAddressLine: text(sender.address?.addressLine),
    senderCity: text(sender.address?.city),
    senderPostCode: text(sender.address?.postCode),
    contentName: text(content?.name),
    contentHsCode: text(content?.hsCode),
    contentQuantity: text(content?.quantity),
    contentValue: euros(content?.value),
    contentOrigin: text(content?.countryCode),
    natureOfTransaction: text(line.customsInfo?.natureOfTransaction),
  };
}

/** The receiver's columns: from the file, or from a contact of the address book. */
export const BULK_RECEIVER_FIELDS = [
  'receiverName',
  'receiverCompany',
  'receiverEmail',
  'receiverPhonePrefix',
  'receiverPhone',
  'countryCode',
  'addressLine',
  'city',
  'region',
  'postCode',
  'receiverLocation',
] as const satisfies readonly BulkField[];

/** The columns one shipment template gives every contact of a group: all but the receiver's. */
export const BULK_TEMPLATE_FIELDS: readonly BulkField[] = BULK_COLUMNS.map((column) => column.field).filter(
  (field) => !(BULK_RECEIVER_FIELDS as readonly BulkField[]).includes(field),
);

/** A contact of the address book (SPEC §3 Contact) as far as a receiver needs it. */
export interface BulkContact {
  name: string;
  companyName?: string | null;
  email?: string | null;
  phonePrefix?: string | null;
  phone?: string | null;
  countryCode: string;
  addressLine?: string | null;
  city?: string | null;
  region?: string | null;
  postCode?: string | null;
}

/** One shipment to a contact: the template's cells with the contact as the receiver. */
export function bulkRowOfContact(contact: BulkContact, template: BulkRow): BulkRow {
  return {
    ...template,
    receiverName: contact.name,
    receiverCompany: contact.companyName ?? '',
    receiverEmail: contact.email ?? '',
    receiverPhonePrefix: contact.phonePrefix ?? '',
    receiverPhone: contact.phone ?? '',
    countryCode: contact.countryCode,
    addressLine: contact.addressLine ?? '',
    city: contact.city ?? '',
    region: contact.region ?? '',
    postCode: contact.postCode ?? '',
  };
}
