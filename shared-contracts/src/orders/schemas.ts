// zod/mini keeps these out of the browser bundle's classic-zod weight (see schemas/hydra.ts).
import * as z from 'zod/mini';
import { APPROVAL_VIOLATION_CODES } from '../api/approval';
import { MAX_DATABASE_ID } from '../format/safe-text';
import { ADDITIONAL_SERVICES, CASH_ON_DELIVERY_TYPES, HANDOVER_TYPES, SHIPMENT_SIZE_TYPES } from '../pricing/constants';
import { priceSchema } from '../pricing/schemas';
import { violationSchema } from '../schemas/hydra';
import {
  ASSOCIATED_DOCUMENT_TYPES,
  E_NOTIFICATION_CHOICES,
  MAX_STEP,
  MIN_STEP,
  NATURES_OF_TRANSACTION,
  ORDER_LIMITS,
  ORDER_LINE_STATUSES,
  ORDER_STATUSES,
} from './constants';

/**
 * The order as the wizard writes it (POST /api/orders, PUT {order @id}, POST /api/orders/validate)
 * and as the API answers it (SPEC §3 Order, Order line, Line attributes, Services, Content item,
 * Customs info, Party record). These schemas check shape only (types, lengths, enumerations):
 * an unfinished order may lack anything. The rules of SPEC §5 are in rules.ts and return
 * violations. Money in integer cents, weight in integer grams, dates YYYY-MM-DD, times HH:mm.
 */

const text = (max: number) => z.string().check(z.maxLength(max));
const optionalText = (max: number) => z.optional(z.nullable(text(max)));
const cents = z.int().check(z.minimum(0), z.maximum(ORDER_LIMITS.maxAmountCents));
const grams = z.int().check(z.minimum(0), z.maximum(ORDER_LIMITS.maxWeightGrams));

/** Address record (SPEC §3). `serviceLocationId` names the parcel locker or post office chosen. */
export const addressSchema = z.object({
  countryCode: optionalText(2),
  addressLine: optionalText(255),
  city: optionalText(100),
  postCode: optionalText(20),
  /** Region or state; for the United States the two-letter state code. */
  region: optionalText(100),
  serviceLocationId: optionalText(100),
  readableAddress: optionalText(500),
  /** The address register's (VZD AIS) code of the address, when known: a contact picked from the address book. */
  addressId: optionalText(20),
});
export type Address = z.infer<typeof addressSchema>;

/** Sender or receiver (SPEC §3 Party record). The phone is a prefix (e.g. `371`) and a number. */
export const partySchema = z.object({
  name: optionalText(100),
  personCode: optionalText(20),
  phonePrefix: optionalText(4),
  phone: optionalText(20),
  email: optionalText(180),
  address: z.optional(z.nullable(addressSchema)),
  company: z.optional(z.boolean()),
  companyName: optionalText(255),
  companyRegNr: optionalText(20),
  companyVatNr: optionalText(20),
  companyEmail: optionalText(180),
  /** Account for cash on delivery to the bank. */
  iban: optionalText(42),
});
export type Party = z.infer<typeof partySchema>;

/** One content line (SPEC §3 Content item): weight in grams and value in cents for the whole line. */
export const contentItemSchema = z.object({
  hsCode: optionalText(12),
  name: optionalText(255),
  /** Country of origin. */
  countryCode: optionalText(2),
  quantity: z.optional(z.nullable(z.int().check(z.minimum(0), z.maximum(100_000)))),
  weight: z.optional(z.nullable(grams)),
  value: z.optional(z.nullable(cents)),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export const associatedDocumentSchema = z.object({
  type: z.enum(ASSOCIATED_DOCUMENT_TYPES),
  description: optionalText(255),
  number: optionalText(100),
});

/** Customs info (SPEC §3). */
export const customsInfoSchema = z.object({
  voecNumber: optionalText(20),
  exporterVatCode: optionalText(30),
  importerVatCode: optionalText(30),
  /** Postage paid, cents. */
  postagePaid: z.optional(z.nullable(cents)),
  /** True: a commercial (merchant) shipment; false: private (non-merchant). */
  merchant: z.optional(z.boolean()),
  natureOfTransaction: z.optional(z.nullable(z.enum(NATURES_OF_TRANSACTION))),
  associatedDocuments: z.optional(z.array(associatedDocumentSchema).check(z.maxLength(10))),
});
export type CustomsInfo = z.infer<typeof customsInfoSchema>;

/** Line attributes (SPEC §3). */
export const lineAttributesSchema = z.object({
  /** Shipment weight, grams. */
  weight: z.optional(z.nullable(grams)),
  /** Destination. */
  countryCode: optionalText(2),
  postCode: optionalText(20),
  additionalServices: z.optional(z.array(z.enum(ADDITIONAL_SERVICES)).check(z.maxLength(ADDITIONAL_SERVICES.length))),
  packageSize: z.optional(z.nullable(z.enum(SHIPMENT_SIZE_TYPES))),
  transferType: z.optional(z.nullable(z.enum(HANDOVER_TYPES))),
  receivingType: z.optional(z.nullable(z.enum(HANDOVER_TYPES))),
  /** Service location the sender hands the shipment over at (parcel locker or post office). */
  transferLocationId: optionalText(100),
  notes: optionalText(500),
  companyInvoice: z.optional(z.boolean()),
});
export type LineAttributes = z.infer<typeof lineAttributesSchema>;

const timeOfDay = text(5);

/** Services (SPEC §3): insurance and cash on delivery in cents, courier pick-up in Riga time. */
export const lineServicesSchema = z.object({
  insurance: z.optional(z.nullable(z.object({ amount: z.nullable(cents), currency: z.optional(z.literal('EUR')) }))),
  cashOnDelivery: z.optional(
    z.nullable(
      z.object({
        type: z.enum(CASH_ON_DELIVERY_TYPES),
        amount: z.nullable(cents),
        currency: z.optional(z.literal('EUR')),
      }),
    ),
  ),
  courierPickUp: z.optional(
    z.nullable(
      z.object({
        /** Date YYYY-MM-DD, times HH:mm. */
        pickUpTime: z.object({ date: z.nullable(text(10)), from: z.nullable(timeOfDay), till: z.nullable(timeOfDay) }),
        comment: optionalText(500),
      }),
    ),
  ),
});
export type LineServices = z.infer<typeof lineServicesSchema>;

/** A workflow reference as the clients send it: `/api/work_flows/12`, `12`, or null (not chosen yet). */
export const workFlowReferenceSchema = z.nullable(
  z.union([
    z.int().check(z.positive(), z.maximum(MAX_DATABASE_ID)),
    z.string().check(z.regex(/^(?:\/api(?:\/public)?\/work_flows\/)?\d{1,9}$/)),
  ]),
);

export const orderLineWriteSchema = z.object({
  workFlow: z.optional(workFlowReferenceSchema),
  attributes: z.optional(lineAttributesSchema),
  services: z.optional(z.nullable(lineServicesSchema)),
  sender: z.optional(z.nullable(partySchema)),
  receiver: z.optional(z.nullable(partySchema)),
  content: z.optional(z.array(contentItemSchema).check(z.maxLength(100))),
  customsInfo: z.optional(z.nullable(customsInfoSchema)),
  discountCode: optionalText(50),
  /** Approval-type violation codes the user has approved in the approval dialog (SPEC §4 Approval). */
  approvals: z.optional(z.array(z.enum(APPROVAL_VIOLATION_CODES)).check(z.maxLength(APPROVAL_VIOLATION_CODES.length))),
});
export type OrderLineWrite = z.infer<typeof orderLineWriteSchema>;

/**
 * Body of POST /api/orders, PUT {order @id} and POST /api/orders/validate.
 * `account`: the caller's active account (id or `/api/accounts/{id}`), ignored for anonymous callers.
 * `version`: PUT must send the version it read (optimistic concurrency, 409 when stale).
 */
export const orderWriteSchema = z.object({
  account: z.optional(
    z.nullable(z.union([z.int().check(z.positive(), z.maximum(MAX_DATABASE_ID)), z.string().check(z.maxLength(40))])),
  ),
  version: z.optional(z.int().check(z.minimum(0), z.maximum(MAX_DATABASE_ID))),
  step: z.optional(z.int().check(z.minimum(MIN_STEP), z.maximum(MAX_STEP))),
  orderLines: z.array(orderLineWriteSchema).check(z.minLength(1), z.maxLength(ORDER_LIMITS.maxOrderLines)),
  discountCode: optionalText(50),
  termsAccepted: z.optional(z.boolean()),
  privacyAccepted: z.optional(z.boolean()),
  eNotification: z.optional(z.nullable(z.enum(E_NOTIFICATION_CHOICES))),
});
export type OrderWrite = z.infer<typeof orderWriteSchema>;

/** An order line as the API answers it. */
export const orderLineResourceSchema = z.object({
  '@id': z.string(),
  id: z.int(),
  status: z.enum(ORDER_LINE_STATUSES),
  workFlow: z.nullable(z.string()),
  attributes: lineAttributesSchema,
  services: z.nullable(lineServicesSchema),
  sender: z.nullable(partySchema),
  receiver: z.nullable(partySchema),
  content: z.array(contentItemSchema),
  customsInfo: z.nullable(customsInfoSchema),
  discountCode: z.nullable(z.string()),
  approvals: z.array(z.string()),
  /** S10 shipment number once paid, else null. */
  barcode: z.nullable(z.string()),
  /**
   * S10 number of the shipment's prepaid return once one was made (issue 40), else null; the API
   * always sends it (optional for answers stored before returns).
   */
  returnBarcode: z.optional(z.nullable(z.string())),
  /**
   * The return's own status once its label is made (`paid`, then as the post's scans of its S10
   * number move it), else null; optional as `returnBarcode`.
   */
  returnStatus: z.optional(z.nullable(z.enum(ORDER_LINE_STATUSES))),
  /** Null until priced, or when the price is on request. */
  price: z.nullable(priceSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderLineResource = z.infer<typeof orderLineResourceSchema>;

/** The order resource (GET {order @id}; POST and PUT answer the same). `@id` is `/api/orders/{key}`. */
export const orderResourceSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('Order'),
  key: z.string(),
  /** `/api/accounts/{id}`, or null for a visitor's order (served on /api/public/orders/{key}). */
  account: z.nullable(z.string()),
  status: z.enum(ORDER_STATUSES),
  version: z.int(),
  step: z.int(),
  /** Steps of this order's first line (the content step only when it is needed). */
  steps: z.array(z.object({ step: z.int(), name: z.string(), label: z.string() })),
  discountCode: z.nullable(z.string()),
  termsAccepted: z.boolean(),
  privacyAccepted: z.boolean(),
  eNotification: z.nullable(z.enum(E_NOTIFICATION_CHOICES)),
  orderLines: z.array(orderLineResourceSchema),
  /** Total, null while any line has no price. */
  price: z.nullable(priceSchema),
  /** Problems a price check found (e.g. 'No price found.'), empty when priced. */
  priceViolations: z.array(violationSchema),
  paidAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderResource = z.infer<typeof orderResourceSchema>;

/** One row of the my-orders list (GET /api/orders): one per order line (SPEC §3 listing fields). */
export const orderListItemSchema = z.object({
  '@id': z.string(),
  /** The order's `@id`. */
  order: z.string(),
  orderLineId: z.int(),
  barcode: z.nullable(z.string()),
  status: z.enum(ORDER_LINE_STATUSES),
  orderStatus: z.enum(ORDER_STATUSES),
  statusDate: z.string(),
  receiver: z.nullable(z.string()),
  address: z.nullable(z.string()),
  country: z.nullable(z.string()),
  /** Shipment type of the line's workflow (letter or parcel). */
  type: z.nullable(z.string()),
  workFlow: z.nullable(z.string()),
  /** Cents. */
  price: z.nullable(z.int()),
  createdAt: z.string(),
  /**
   * The S10 number of the shipment's prepaid return (issue 40) once its label was made, else null;
   * optional for answers made before returns.
   */
  returnBarcode: z.optional(z.nullable(z.string())),
  /** The return's own status (its scans), while there is a return; else null. */
  returnStatus: z.optional(z.nullable(z.enum(ORDER_LINE_STATUSES))),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

/** POST {order @id}/payments body and answer. */
export const paymentRequestSchema = z.object({ returnUrl: optionalText(500) });
/**
 * How an order is paid: `card` at the payment provider (the default), or `invoice`: a company
 * account's order goes on the company's invoice (SPEC §3 companyInvoice, separate invoice) and is
 * paid at once.
 */
export const PAYMENT_METHODS = ['card', 'invoice'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** `paid`: true when the order is paid already (on invoice): there is no provider page to visit. */
export const paymentAnswerSchema = z.object({ redirectUrl: z.string(), paid: z.optional(z.boolean()) });
