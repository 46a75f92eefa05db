// The order wizard's draft: what the four steps edit (SPEC §2 Order flow screens, §3 Order,
// Order line, Party record, Content item, Customs info), kept as the inputs hold it (texts as
// typed) and turned into the API's order body (integer cents and grams) by `toOrderWrite`.
import { LATVIAN_PHONE_PREFIX, parseMoneyToCents, type Violation } from '@portal/shared-contracts';
import {
  customsFormForValue,
  gramsToKg,
  ORDER_CODES,
  ORDER_LIMITS,
  ORDER_MESSAGES,
  usStateCode,
} from '@portal/shared-contracts/orders';
import type {
  AdditionalServiceName,
  CashOnDeliveryType,
  HandoverType,
  PricedWorkFlow,
  ShipmentSizeType,
} from '@portal/shared-contracts/pricing';
import type { CourierPickUpDraft } from '../../shared/order/CourierPickUpInputs';
import type {
  AssociatedDocumentType,
  ENotificationChoice,
  NatureOfTransaction,
  OrderLineResource,
  OrderResource,
  OrderWrite,
} from '../../shared/order/contract';
import { needsCustomsDeclaration } from '../../shared/order/contract';
import { needsLocation } from '../../shared/order/HandOverSummary';
import type { LocationChoice } from '../../shared/order/location-choice';
import type { ShipmentType } from '../../shared/order/shipment-type';
import { gramsToText, toGrams, weightUnit } from '../../shared/order/weight';

export { needsLocation, requiresLocation } from '../../shared/order/HandOverSummary';
// Shared with the bulk templates (issue 40 item 6): the wizard's weight unit and place choice live in shared/order.
export type { LocationChoice } from '../../shared/order/location-choice';
export { gramsToText, toGrams, weightDecimals, weightUnit } from '../../shared/order/weight';

export interface AddressDraft {
  countryCode: string;
  addressLine: string;
  city: string;
  postCode: string;
  region: string;
  /** The address register's (AIS) code, set by a contact picked from the address book; '' when unknown. */
  addressId: string;
}

export interface PartyDraft {
  name: string;
  phonePrefix: string;
  phone: string;
  email: string;
  company: boolean;
  companyName: string;
  companyRegNr: string;
  companyVatNr: string;
  iban: string;
  address: AddressDraft;
}

export interface ContentLineDraft {
  /** Identifies the row while it is edited (React key); never sent. */
  id: string;
  hsCode: string;
  name: string;
  /** Country of origin. */
  countryCode: string;
  quantity: string;
  /** Kilograms as typed ("0,5" already normalised to "0.5"). */
  weightKg: string;
  /** Euros as typed. */
  valueEur: string;
}

export interface AssociatedDocumentDraft {
  /** Identifies the row while it is edited (React key); never sent. */
  id: string;
  type: AssociatedDocumentType;
  number: string;
  description: string;
}

export type { CourierPickUpDraft } from '../../shared/order/CourierPickUpInputs';

/** The workflow chosen in step 1, as the price answer showed it. */
export type ChosenWorkFlow = Pick<
  PricedWorkFlow,
  | '@id'
  | 'id'
  | 'label'
  | 'shipmentSubType'
  | 'shipmentSizeType'
  | 'transferType'
  | 'receivingType'
  | 'deliveryDays'
  | 'maxWeight'
>;

export interface OrderDraft {
  shipmentType: ShipmentType;
  /** Destination. */
  countryCode: string | null;
  /** Parcels in kilograms, letters in grams, as typed. */
  weightText: string;
  workFlow: ChosenWorkFlow | null;
  additionalServices: AdditionalServiceName[];
  /** Whole euros. */
  insuranceEur: string;
  cashOnDeliveryType: CashOnDeliveryType | null;
  cashOnDeliveryEur: string;
  /** Where the sender hands the shipment over (workflow transfer type parcel locker or post office). */
  transferLocation: LocationChoice | null;
  /**
   * A repeat order is handed over at any parcel locker or post office (SPEC §4: its transfer type
   * defaults to parcelMachinePostOffice), not necessarily where the first one was. The receiving
   * side keeps the first order's place: it is where the receiver collects the parcel.
   */
  handoverAnywhere: boolean;
  /** Where the receiver collects it (receiving type parcel locker or post office). */
  receiverLocation: LocationChoice | null;
  courierPickUp: CourierPickUpDraft;
  sender: PartyDraft;
  receiver: PartyDraft;
  content: ContentLineDraft[];
  natureOfTransaction: NatureOfTransaction | null;
  documents: AssociatedDocumentDraft[];
  voecNumber: string;
  discountCode: string;
  termsAccepted: boolean;
  privacyAccepted: boolean;
  eNotification: ENotificationChoice | null;
  /** Approval-type codes the user approved in the approval dialog (SPEC §4 Approval). */
  approvals: string[];
}

/** SPEC §4: a repeat order's transfer type (any parcel locker or post office). */
export const REPEAT_TRANSFER_TYPE = 'parcelMachinePostOffice' satisfies HandoverType;

// The SPEC §3/§5 rules below are shared-contracts' (one place for the wizard and the API, issue 16).
/** SPEC §3: contact phones default to the Latvian prefix. */
export const DEFAULT_PHONE_PREFIX = LATVIAN_PHONE_PREFIX;
/** SPEC §5: the most content lines a shipment takes. */
export const MAX_CONTENT_LINES = ORDER_LIMITS.maxContentLines;

export function emptyAddress(countryCode = ''): AddressDraft {
  return { countryCode, addressLine: '', city: '', postCode: '', region: '', addressId: '' };
}

export function emptyParty(countryCode = ''): PartyDraft {
  return {
    name: '',
    phonePrefix: DEFAULT_PHONE_PREFIX,
    phone: '',
    email: '',
    company: false,
    companyName: '',
    companyRegNr: '',
    companyVatNr: '',
    iban: '',
    address: emptyAddress(countryCode),
  };
}

let rowCounter = 0;
/** A key for a new editable row. */
export function rowId(): string {
  rowCounter += 1;
  return `row-${rowCounter}`;
}

export function emptyContentLine(): ContentLineDraft {
  return { id: rowId(), hsCode: '', name: '', countryCode: 'LV', quantity: '1', weightKg: '', valueEur: '' };
}

export function emptyDraft(shipmentType: ShipmentType): OrderDraft {
  return {
    shipmentType,
    countryCode: null,
    weightText: '',
    workFlow: null,
    additionalServices: [],
    insuranceEur: '',
    cashOnDeliveryType: null,
    cashOnDeliveryEur: '',
    transferLocation: null,
    handoverAnywhere: false,
    receiverLocation: null,
    courierPickUp: { date: '', from: '', till: '', comment: '' },
    sender: emptyParty('LV'),
    receiver: emptyParty(),
    content: [],
    natureOfTransaction: null,
    documents: [],
    voecNumber: '',
    discountCode: '',
    termsAccepted: false,
    privacyAccepted: false,
    eNotification: null,
    approvals: [],
  };
}

/** The typed weight in whole grams, or null when it is empty or not a positive number. */
export function weightGrams(draft: Pick<OrderDraft, 'shipmentType' | 'weightText'>): number | null {
  return toGrams(draft.weightText, weightUnit(draft.shipmentType));
}

/** Euros as typed to integer cents (the shared parser); null when empty, not a number or negative. */
export function eurToCents(text: string): number | null {
  const cents = parseMoneyToCents(text);
  return cents === null || cents < 0 ? null : cents;
}

export function centsToEurText(cents: number | null | undefined): string {
  return cents == null ? '' : String(cents / 100);
}

export interface ContentTotals {
  quantity: number;
  weightGrams: number;
  valueCents: number;
}

/** SPEC §3: a helper sums the content lines' quantity, weight and value. */
export function contentTotals(lines: readonly ContentLineDraft[]): ContentTotals {
  return lines.reduce<ContentTotals>(
    (totals, line) => ({
      quantity: totals.quantity + (Number.parseInt(line.quantity, 10) || 0),
      weightGrams: totals.weightGrams + (toGrams(line.weightKg, 'kg') ?? 0),
      valueCents: totals.valueCents + (eurToCents(line.valueEur) ?? 0),
    }),
    { quantity: 0, weightGrams: 0, valueCents: 0 },
  );
}

/** Issue 5: the customs form the content value calls for (the API's rule: CN22 up to and including 300 EUR). */
export const customsFormFor = customsFormForValue;

export const CONTENT_WEIGHT_LESS_CODE = ORDER_CODES.contentWeightLess;
export const CONTENT_WEIGHT_LESS_MESSAGE = ORDER_MESSAGES.contentWeightLess;

/**
 * SPEC §5 client check at step 3 of four: content lighter than the shipment gives an
 * approval-type violation "… {diff} kg less …" (difference in grams / 1000).
 */
export function contentWeightViolation(draft: OrderDraft): Violation | null {
  const shipment = weightGrams(draft);
  if (shipment === null || draft.content.length === 0) return null;
  const difference = shipment - contentTotals(draft.content).weightGrams;
  if (difference <= 0) return null;
  const diff = gramsToKg(difference);
  return {
    propertyPath: 'orderLines[0].content',
    message: CONTENT_WEIGHT_LESS_MESSAGE.replace('{diff}', String(diff)),
    code: CONTENT_WEIGHT_LESS_CODE,
    messageTemplate: CONTENT_WEIGHT_LESS_MESSAGE,
    parameters: { diff },
  };
}

const trimmed = (value: string): string | null => {
  const text = value.replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
};

/** A US state goes as its code, whether its code or its name was typed (issue 40); others as typed. */
function regionOf(address: { countryCode: string; region: string }): string | null {
  const region = trimmed(address.region);
  return (address.countryCode.trim().toUpperCase() === 'US' && usStateCode(region)) || region;
}

function toParty(party: PartyDraft, location: LocationChoice | null) {
  return {
    name: trimmed(party.name),
    phonePrefix: trimmed(party.phonePrefix),
    phone: trimmed(party.phone.replace(/\s+/g, '')),
    email: trimmed(party.email),
    company: party.company,
    companyName: party.company ? trimmed(party.companyName) : null,
    companyRegNr: party.company ? trimmed(party.companyRegNr) : null,
    companyVatNr: party.company ? trimmed(party.companyVatNr) : null,
    iban: trimmed(party.iban),
    address: {
      countryCode: trimmed(party.address.countryCode),
      addressLine: trimmed(party.address.addressLine),
      city: trimmed(party.address.city),
      postCode: trimmed(party.address.postCode),
      region: regionOf(party.address),
      addressId: trimmed(party.address.addressId),
      serviceLocationId: location?.id ?? null,
      readableAddress: location?.label ?? null,
    },
  };
}

function isHandover(value: string | null | undefined): value is HandoverType {
  return value != null && value !== '';
}

export interface OrderWriteContext {
  step: number;
  version?: number;
  account?: number | null;
  /** Include the customs content (only when the content step is part of the order). */
  withContent: boolean;
}

/** The draft as the API's order body (POST /api/orders, PUT {order @id}, POST /api/orders/validate). */
export function toOrderWrite(draft: OrderDraft, context: OrderWriteContext): OrderWrite {
  const workFlow = draft.workFlow;
  const services = draft.additionalServices;
  const insurance = services.includes('insurance') ? eurToCents(draft.insuranceEur) : null;
  const cashOnDelivery =
    draft.cashOnDeliveryType !== null
      ? { type: draft.cashOnDeliveryType, amount: eurToCents(draft.cashOnDeliveryEur), currency: 'EUR' as const }
      : null;
  const courier = workFlow?.transferType === 'courier';
  const anywhere = draft.handoverAnywhere && needsLocation(workFlow?.transferType);
  const line = {
    workFlow: workFlow ? workFlow['@id'] : null,
    attributes: {
      weight: weightGrams(draft),
      countryCode: draft.countryCode,
      additionalServices: services,
      packageSize: (workFlow?.shipmentSizeType ?? null) as ShipmentSizeType | null,
      transferType: anywhere ? REPEAT_TRANSFER_TYPE : isHandover(workFlow?.transferType) ? workFlow.transferType : null,
      receivingType: isHandover(workFlow?.receivingType) ? workFlow.receivingType : null,
      transferLocationId:
        needsLocation(workFlow?.transferType) && !anywhere ? (draft.transferLocation?.id ?? null) : null,
    },
    services: {
      insurance: services.includes('insurance') ? { amount: insurance, currency: 'EUR' as const } : null,
      cashOnDelivery,
      courierPickUp: courier
        ? {
            pickUpTime: {
              date: displayToDbDate(draft.courierPickUp.date),
              from: trimmed(draft.courierPickUp.from),
              till: trimmed(draft.courierPickUp.till),
            },
            comment: trimmed(draft.courierPickUp.comment),
          }
        : null,
    },
    sender: toParty(draft.sender, null),
    receiver: toParty(
      { ...draft.receiver, address: { ...draft.receiver.address, countryCode: draft.countryCode ?? '' } },
      needsLocation(workFlow?.receivingType) ? draft.receiverLocation : null,
    ),
    content: context.withContent
      ? draft.content.map((item) => ({
          hsCode: trimmed(item.hsCode),
          name: trimmed(item.name),
          countryCode: trimmed(item.countryCode),
          quantity: Number.parseInt(item.quantity, 10) || null,
          weight: toGrams(item.weightKg, 'kg'),
          value: eurToCents(item.valueEur),
        }))
      : [],
    // Customs data only for a destination outside the EU customs territory (a domestic insured
    // parcel has content values, never a customs declaration).
    customsInfo:
      context.withContent && needsCustomsDeclaration(draft.countryCode)
        ? {
            voecNumber: trimmed(draft.voecNumber),
            natureOfTransaction: draft.natureOfTransaction,
            associatedDocuments: draft.documents.map((document) => ({
              type: document.type,
              number: trimmed(document.number),
              description: trimmed(document.description),
            })),
          }
        : null,
    discountCode: trimmed(draft.discountCode),
    approvals: draft.approvals as OrderWrite['orderLines'][number]['approvals'],
  };
  return {
    ...(context.account ? { account: context.account } : {}),
    ...(context.version !== undefined ? { version: context.version } : {}),
    step: context.step,
    orderLines: [line],
    discountCode: trimmed(draft.discountCode),
    termsAccepted: draft.termsAccepted,
    privacyAccepted: draft.privacyAccepted,
    eNotification: draft.eNotification,
  };
}

function displayToDbDate(value: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value.trim());
  return match ? `${match[3]}-${match[2]}-${match[1]}` : trimmed(value);
}

function dbToDisplayDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  return match ? `${match[3]}.${match[2]}.${match[1]}` : (value ?? '');
}

/** A party as the API or the address book gives it, as the step's fields hold it. */
export function fromParty(party: OrderLineResource['sender'], fallbackCountry: string): PartyDraft {
  const empty = emptyParty(fallbackCountry);
  if (!party) return empty;
  return {
    name: party.name ?? '',
    phonePrefix: party.phonePrefix ?? DEFAULT_PHONE_PREFIX,
    phone: party.phone ?? '',
    email: party.email ?? '',
    company: party.company ?? false,
    companyName: party.companyName ?? '',
    companyRegNr: party.companyRegNr ?? '',
    companyVatNr: party.companyVatNr ?? '',
    iban: party.iban ?? '',
    address: {
      countryCode: party.address?.countryCode ?? fallbackCountry,
      addressLine: party.address?.addressLine ?? '',
      city: party.address?.city ?? '',
      postCode: party.address?.postCode ?? '',
      region: party.address?.region ?? '',
      addressId: party.address?.addressId ?? '',
    },
  };
}

function locationOf(
  address: { serviceLocationId?: string | null; readableAddress?: string | null } | null | undefined,
) {
  return address?.serviceLocationId
    ? { id: address.serviceLocationId, label: address.readableAddress ?? address.serviceLocationId }
    : null;
}

/**
 * A saved order back into the draft (edit / continue, `/orders/{type}/{key}`). The workflow comes
 * back as a reference only; `workFlow` is the price answer's summary and is looked up by the caller.
 */
export function fromOrderResource(
  order: OrderResource,
  shipmentType: ShipmentType,
  workFlow: ChosenWorkFlow | null,
): OrderDraft {
  const draft = emptyDraft(shipmentType);
  const line = order.orderLines[0];
  if (!line) return draft;
  const attributes = line.attributes;
  const unit = weightUnit(shipmentType);
  const services = line.services;
  const pickUp = services?.courierPickUp;
  return {
    ...draft,
    countryCode: attributes.countryCode ?? null,
    weightText: attributes.weight ? gramsToText(attributes.weight, unit) : '',
    workFlow,
    additionalServices: (attributes.additionalServices ?? []) as AdditionalServiceName[],
    insuranceEur: centsToEurText(services?.insurance?.amount),
    cashOnDeliveryType: services?.cashOnDelivery?.type ?? null,
    cashOnDeliveryEur: centsToEurText(services?.cashOnDelivery?.amount),
    transferLocation: attributes.transferLocationId
      ? { id: attributes.transferLocationId, label: attributes.transferLocationId }
      : null,
    handoverAnywhere: attributes.transferType === REPEAT_TRANSFER_TYPE,
    receiverLocation: locationOf(line.receiver?.address),
    courierPickUp: {
      date: dbToDisplayDate(pickUp?.pickUpTime.date),
      from: pickUp?.pickUpTime.from ?? '',
      till: pickUp?.pickUpTime.till ?? '',
      comment: pickUp?.comment ?? '',
    },
    sender: fromParty(line.sender, 'LV'),
    receiver: fromParty(line.receiver, attributes.countryCode ?? ''),
    content: line.content.map((item) => ({
      id: rowId(),
      hsCode: item.hsCode ?? '',
      name: item.name ?? '',
      countryCode: item.countryCode ?? '',
      quantity: item.quantity == null ? '' : String(item.quantity),
      weightKg: item.weight == null ? '' : gramsToText(item.weight, 'kg'),
      valueEur: centsToEurText(item.value),
    })),
    natureOfTransaction: line.customsInfo?.natureOfTransaction ?? null,
    documents: (line.customsInfo?.associatedDocuments ?? []).map((document) => ({
      id: rowId(),
      type: document.type,
      number: document.number ?? '',
      description: document.description ?? '',
    })),
    voecNumber: line.customsInfo?.voecNumber ?? '',
    discountCode: order.discountCode ?? line.discountCode ?? '',
    termsAccepted: order.termsAccepted,
    privacyAccepted: order.privacyAccepted,
    eNotification: order.eNotification,
    approvals: line.approvals,
  };
}

/**
 * The query string the calculator (and the home card) send: `?country=LT&weight=2000&workFlow=12`
 * (weight in grams). Unknown or malformed values are ignored.
 */
export interface OrderPrefill {
  countryCode?: string;
  weightGrams?: number;
  workFlowId?: number;
}

export function prefillFromQuery(params: URLSearchParams): OrderPrefill {
  const prefill: OrderPrefill = {};
  const country = params.get('country')?.trim().toUpperCase();
  if (country && /^[A-Z]{2}$/.test(country)) prefill.countryCode = country;
  const weight = Number(params.get('weight'));
  if (Number.isInteger(weight) && weight > 0 && weight <= 100_000) prefill.weightGrams = weight;
  const workFlow = Number(params.get('workFlow') ?? params.get('workflow'));
  if (Number.isInteger(workFlow) && workFlow > 0) prefill.workFlowId = workFlow;
  return prefill;
}

export function applyPrefill(draft: OrderDraft, prefill: OrderPrefill): OrderDraft {
  return {
    ...draft,
    countryCode: prefill.countryCode ?? draft.countryCode,
    weightText:
      prefill.weightGrams !== undefined
        ? gramsToText(prefill.weightGrams, weightUnit(draft.shipmentType))
        : draft.weightText,
  };
}
