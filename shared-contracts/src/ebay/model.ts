// zod/mini, as the other shared entries (keeps classic zod out of the browser bundle).
import * as z from 'zod/mini';

/**
 * A linked eBay account (SPEC §3 eBay integration: name). `unfinished`: linking was started and
 * eBay's consent never came back (SPEC §4: complete or delete it); `revoked`: eBay refused the
 * stored grant (the seller withdrew it, or it expired), so it must be linked again.
 */
export const EBAY_ACCOUNT_STATUSES = ['unfinished', 'linked', 'revoked'] as const;
export type EbayAccountStatus = (typeof EBAY_ACCOUNT_STATUSES)[number];

/** Longest name a seller gives a linked account. */
export const MAX_EBAY_ACCOUNT_NAME = 100;

/** What the API answers for a linked account: never a token. */
export const ebayAccountSchema = z.object({
  '@id': z.string(),
  id: z.int(),
  name: z.string(),
  status: z.enum(EBAY_ACCOUNT_STATUSES),
  /** ISO time of the last successful import of sales, or null. */
  importedAt: z.nullable(z.string()),
  /** The English message of the last failed import (EBAY_MESSAGES), or null. */
  importProblem: z.nullable(z.string()),
  createdAt: z.string(),
});
export type EbayAccount = z.infer<typeof ebayAccountSchema>;

/**
 * A sale's state in the portal: `waiting` (nothing done yet), `prepared` (a shipment was made from
 * it and is not paid yet), `shipped` (the shipment is paid and has its S10 number).
 */
export const EBAY_SALE_STATES = ['waiting', 'prepared', 'shipped'] as const;
export type EbaySaleState = (typeof EBAY_SALE_STATES)[number];

/** An amount as eBay states it: integer cents of an ISO 4217 currency. */
export const ebayMoneySchema = z.object({
  cents: z.int(),
  currency: z.string(),
});
export type EbayMoney = z.infer<typeof ebayMoneySchema>;

export const ebaySaleItemSchema = z.object({
  lineItemId: z.string(),
  title: z.string(),
  quantity: z.int(),
  /** The line's total (all its units). */
  value: ebayMoneySchema,
  /** The same in the buyer's currency when eBay converted it, else null. */
  originalValue: z.nullable(ebayMoneySchema),
});
export type EbaySaleItem = z.infer<typeof ebaySaleItemSchema>;

export const ebaySaleAddressSchema = z.object({
  addressLine: z.string(),
  city: z.string(),
  postCode: z.nullable(z.string()),
  region: z.nullable(z.string()),
  countryCode: z.string(),
});
export type EbaySaleAddress = z.infer<typeof ebaySaleAddressSchema>;

/** Telling eBay the shipment's tracking number (createShippingFulfillment), retried until it is done. */
export const ebayFulfilmentSchema = z.object({
  status: z.enum(['pending', 'done']),
  trackingNumber: z.string(),
  attempts: z.int(),
  /** The English message of the last failed attempt (EBAY_MESSAGES), or null. */
  lastProblem: z.nullable(z.string()),
  /** ISO time of the next attempt while pending. */
  nextAttemptAt: z.nullable(z.string()),
  doneAt: z.nullable(z.string()),
});
export type EbayFulfilment = z.infer<typeof ebayFulfilmentSchema>;

/** Why a sale cannot become a shipment as it is (saleProblems). */
export type EbaySaleProblem = 'NO_ADDRESS' | 'TOO_MANY_ITEMS';

export const ebaySaleSchema = z.object({
  '@id': z.string(),
  id: z.int(),
  /** The linked account the sale came through. */
  account: z.object({ id: z.int(), name: z.string() }),
  ebayOrderId: z.string(),
  /** ISO time the buyer bought. */
  soldAt: z.string(),
  /** The phone as the portal's parties hold it: calling code (`371`) and number, or both null. */
  buyer: z.object({
    name: z.string(),
    username: z.nullable(z.string()),
    email: z.nullable(z.string()),
    phonePrefix: z.nullable(z.string()),
    phone: z.nullable(z.string()),
  }),
  /** Null when eBay gave no usable shipping address. */
  address: z.nullable(ebaySaleAddressSchema),
  items: z.array(ebaySaleItemSchema),
  total: ebayMoneySchema,
  state: z.enum(EBAY_SALE_STATES),
  /** The shipment made from it (`/api/orders/{key}`), or null. */
  order: z.nullable(z.string()),
  fulfilment: z.nullable(ebayFulfilmentSchema),
});
export type EbaySale = z.infer<typeof ebaySaleSchema>;

/** English messages of the integration, shown in English or Latvian by their text (SPEC §1). */
export const EBAY_MESSAGES = {
  badState: 'This eBay link was not started here, or has expired. Start linking again.',
  codeRefused: 'eBay did not accept the authorization. Start linking again.',
  consentDeclined: 'The eBay account was not linked: access was not granted on eBay.',
  notLinked: 'This eBay account is not linked. Complete or delete the link.',
  revoked: 'eBay no longer accepts this link. Link the account again.',
  unavailable: 'eBay did not answer. Please try again later.',
  notOffered: 'Linking eBay accounts is not offered at the moment.',
  fulfilmentRejected: 'eBay did not accept the tracking number yet. It will be sent again.',
  noAddress: 'eBay gave no shipping address for this sale.',
  tooManyItems: 'This sale has more items than one shipment can list.',
  alreadyShipped: 'A shipment was already made from this sale.',
  orderNotUsable: 'The shipment cannot be used for this sale.',
  nameBlank: 'This value should not be blank.',
  nameTooLong: 'This value is too long.',
} as const;

/** Violation codes of the integration (propertyPath + message + code, as every API error). */
export const EBAY_CODES = {
  badState: 'EBAY_BAD_STATE',
  codeRefused: 'EBAY_CODE_REFUSED',
  consentDeclined: 'EBAY_CONSENT_DECLINED',
  notLinked: 'EBAY_NOT_LINKED',
  revoked: 'EBAY_REVOKED',
  unavailable: 'EBAY_UNAVAILABLE',
  notOffered: 'EBAY_NOT_OFFERED',
  noAddress: 'EBAY_NO_ADDRESS',
  tooManyItems: 'EBAY_TOO_MANY_ITEMS',
  alreadyShipped: 'EBAY_ALREADY_SHIPPED',
  orderNotUsable: 'EBAY_ORDER_NOT_USABLE',
} as const;
