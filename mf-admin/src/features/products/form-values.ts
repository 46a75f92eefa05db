import { isValidDisplayDate, parseMoneyToCents, toDbDate, toDisplayDate } from '@portal/shared-contracts';
import type { AdminWorkflow, TariffStep, WorkflowWrite } from '@portal/shared-contracts/admin';

// The product and tariff forms keep what was typed as text; these read it into the API's shapes.
// Text that is not a number is passed on as it is, so the shared rules (shared-contracts
// admin/workflows.ts) name the problem beside the field, as the API would.

/** Whole grams or days as typed ("-20" stays negative, so the rules can say so). */
export function wholeNumber(text: string): number {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : (trimmed as unknown as number);
}

/** A price in euros as typed ("4,35", "-1.00") in cents; text that is no amount is passed on. */
export function cents(text: string): number {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const parsed = parseMoneyToCents(negative ? trimmed.slice(1) : trimmed);
  if (parsed === null) return trimmed as unknown as number;
  return negative ? -parsed : parsed;
}

/** A DD.MM.YYYY date as YYYY-MM-DD, or null while it is not a real day. */
export function dbDate(text: string): string | null {
  return isValidDisplayDate(text.trim()) ? toDbDate(text.trim()) : null;
}

export { toDisplayDate };

export interface StepValues {
  maxWeight: string;
  price: string;
  insured: boolean;
}

export const emptyStep = (): StepValues => ({ maxWeight: '', price: '', insured: false });

export function toSteps(rows: readonly StepValues[]): TariffStep[] {
  return rows.map((row) => ({
    maxWeight: wholeNumber(row.maxWeight),
    priceCents: cents(row.price),
    insured: row.insured,
  }));
}

export interface ProductValues {
  isActive: boolean;
  label: string;
  labelLv: string;
  shipmentType: string;
  shipmentSubType: string;
  shipmentSizeType: string;
  countryCode: string;
  zone: string;
  transferType: string;
  receivingType: string;
  /** Operators whose places the product hands over / delivers at (issue 40); empty: any. */
  transferNetworks: string[];
  receivingNetworks: string[];
  maxWeight: string;
  deliveryDays: string;
  serviceOptions: string[];
}

export const EMPTY_PRODUCT: ProductValues = {
  isActive: true,
  label: '',
  labelLv: '',
  shipmentType: 'parcel',
  shipmentSubType: 'registered',
  shipmentSizeType: '',
  countryCode: 'LV',
  zone: 'LV',
  transferType: 'postOffice',
  receivingType: 'postOffice',
  transferNetworks: ['Latvijas Pasts'],
  receivingNetworks: ['Latvijas Pasts'],
  maxWeight: '',
  deliveryDays: '',
  serviceOptions: [],
};

export function productValues(product: AdminWorkflow): ProductValues {
  return {
    isActive: product.isActive,
    label: product.label,
    labelLv: product.labelLv ?? '',
    shipmentType: product.shipmentType,
    shipmentSubType: product.shipmentSubType,
    shipmentSizeType: product.shipmentSizeType ?? '',
    countryCode: product.countryCode ?? '',
    zone: product.zone,
    transferType: product.transferType ?? '',
    receivingType: product.receivingType ?? '',
    transferNetworks: [...product.transferNetworks],
    receivingNetworks: [...product.receivingNetworks],
    maxWeight: String(product.maxWeight),
    deliveryDays: product.deliveryDays === null ? '' : String(product.deliveryDays),
    serviceOptions: [...product.serviceOptions],
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function toWrite(values: ProductValues): WorkflowWrite {
  return {
    isActive: values.isActive,
    label: values.label,
    labelLv: orNull(values.labelLv),
    shipmentType: values.shipmentType,
    shipmentSubType: values.shipmentSubType,
    shipmentSizeType: orNull(values.shipmentSizeType),
    countryCode: orNull(values.countryCode.toUpperCase()),
    zone: values.zone,
    transferType: orNull(values.transferType),
    receivingType: orNull(values.receivingType),
    transferNetworks: values.transferNetworks,
    receivingNetworks: values.receivingNetworks,
    maxWeight: wholeNumber(values.maxWeight),
    deliveryDays: values.deliveryDays.trim() === '' ? null : wholeNumber(values.deliveryDays),
    serviceOptions: values.serviceOptions,
  } as WorkflowWrite;
}
