/** Order enumerations, limits, messages and violation codes (SPEC §3, §4, §5, §8, §9). */

/** Order-line statuses (SPEC §4). Only `unfinished` orders can be edited, cancelled or deleted. */
export const ORDER_LINE_STATUSES = [
  'unfinished',
  'finished',
  'paid',
  'created',
  'transferred',
  'transferredInBulk',
  'onHold',
  'processed',
  'returned',
  'sent',
  'sentAbroad',
  'releasedForDelivery',
  'delivered',
] as const;
export type OrderLineStatus = (typeof ORDER_LINE_STATUSES)[number];

/** Order statuses: an order is `unfinished` until paid; `cancelled` orders stay listed. */
export const ORDER_STATUSES = ['unfinished', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Associated document types of customs info (SPEC §3). */
export const ASSOCIATED_DOCUMENT_TYPES = [
  'mandate_delivery_order',
  'proforma_invoice',
  'identity_card',
  'commercial_invoice',
  'passport',
  'driving_licence',
  'export_licence',
  'certificate_of_origin',
  'preference_certificate_of_origin',
  'import_licence',
  'related_document',
  'certificate',
  'invoice',
  'license',
] as const;
export type AssociatedDocumentType = (typeof ASSOCIATED_DOCUMENT_TYPES)[number];

/** Nature of transaction of customs info (SPEC §3). */
export const NATURES_OF_TRANSACTION = [
  'sale_of_goods',
  'return_of_goods',
  'gift',
  'commercial_sample',
  'documents',
  'other',
] as const;
export type NatureOfTransaction = (typeof NATURES_OF_TRANSACTION)[number];

export const E_NOTIFICATION_CHOICES = ['agree', 'disagree'] as const;
export type ENotificationChoice = (typeof E_NOTIFICATION_CHOICES)[number];

/** Wizard steps 1–4 (SPEC §4 Order editing flow). */
export const MIN_STEP = 1;
export const MAX_STEP = 4;

/** SPEC §5, §9 limits. Money in cents, weight in grams. */
export const ORDER_LIMITS = {
  maxContentLines: 10,
  /** Insurance and goods value at least 1 EUR. */
  minInsuranceCents: 100,
  minGoodsValueCents: 100,
  /** Below this total content value, insurance above the content value is refused, not approved. */
  insuranceApprovalContentValueCents: 10_000,
  /** Goods above this total need an export customs declaration. */
  exportDeclarationCents: 100_000,
  /** CN22 up to and including this content value, CN23 above it (UPU rule; issue 5 step 3). */
  cn22MaxValueCents: 30_000,
  /** Courier pick-up window in minutes. */
  minPickUpWindowMinutes: 120,
  maxOrderLines: 20,
  /** Largest single money field a body may carry: 1 000 000 EUR. */
  maxAmountCents: 100_000_000,
  /** Largest weight any field may carry: 100 kg. */
  maxWeightGrams: 100_000,
} as const;

/** English messages of the order rules; the shell translates them by their text. */
export const ORDER_MESSAGES = {
  notNull: 'This value should not be null.',
  notBlank: 'This value should not be blank.',
  tooManyContentLines: 'You can only add up to 10 items',
  atLeastOneContentLine: 'Add at least one item.',
  weightPositive: 'The weight should be positive.',
  insuranceWholeEuros: 'The insurance amount should be a whole number of euros, at least 1 EUR.',
  goodsValueMin: 'The value should be at least 1 EUR.',
  insuranceAboveContentValue: 'The insurance amount is higher than the total value of the content.',
  contentValueTooSmallForInsurance: 'Content value too small for insurance',
  insuranceAboveMaximum: 'The insurance amount is higher than the maximum of {max} EUR.',
  insuranceWithoutValue: 'Insurance is selected without a value.',
  cashOnDeliveryWithoutInsurance: 'Cash on delivery is only possible with insurance.',
  cashOnDeliveryAboveInsurance: 'The cash on delivery amount should not be higher than the insured amount.',
  contentWeightLess: 'The total weight of the added items is {diff} kg less than the shipment weight',
  contentWeightMore: 'The total weight of the added items is {diff} kg more than the shipment weight',
  stateRequired: 'A state is required for the United States.',
  latvianPostCode: 'A Latvian post code has the form LV-1234.',
  addressId: 'An address ID (AIS code) has 9 digits.',
  countryCode: 'This value should be a two-letter country code.',
  iban: 'This value is not a valid IBAN.',
  exportDeclaration: 'Goods worth more than 1000 EUR need an export customs declaration.',
  voecRequired: 'A VOEC number is required for goods sent to Norway.',
  // One message per consent: each is shown beside its own checkbox (issue 21: one text twice).
  termsNotAccepted: 'The terms of use must be accepted.',
  privacyNotAccepted: 'The privacy policy must be accepted.',
  eNotificationRequired: 'Choose agree or disagree.',
  pickUpDatePast: 'A past date cannot be used.',
  pickUpNotWorkingDay: 'The courier is not available on the chosen date.',
  /** The same words when the day is full or the window lies outside the possible pick-up times. */
  courierNotAvailable: 'The courier is not available on the chosen date.',
  pickUpWindow: 'The pick-up window should be at least 2 hours.',
  pickUpTime: 'This value is not a valid time.',
  invalidDate: 'This value is not a valid date.',
  finishSelection: 'Finish selecting the shipment.',
  noPriceFound: 'No price found.',
  notPrintable: 'Order or order line not found or not in a printable status.',
  notEditable: 'The order is paid or cancelled and cannot be changed.',
  staleVersion: 'The order was changed in the meantime. Reload it and try again.',
  orderNotFound: 'No order found. Please reload',
  hsCodeNotFound: 'HS code not found.',
} as const;

/** Violation codes of the order rules (approval kinds: shared-contracts/src/api/approval.ts). */
export const ORDER_CODES = {
  notNull: 'NOT_NULL',
  notBlank: 'NOT_BLANK',
  tooManyContentLines: 'TOO_MANY_CONTENT_LINES',
  atLeastOneContentLine: 'CONTENT_REQUIRED',
  weightPositive: 'WEIGHT_NOT_POSITIVE',
  insuranceInvalid: 'INSURANCE_AMOUNT_INVALID',
  goodsValueMin: 'GOODS_VALUE_TOO_SMALL',
  insuranceAboveContentValue: 'INSURANCE_AMOUNT_HIGHER_THEN_CONTENT_TOTAL_VALUE',
  contentValueTooSmallForInsurance: 'CONTENT_VALUE_TOO_SMALL_FOR_INSURANCE',
  insuranceAboveMaximum: 'INSURANCE_AMOUNT_ABOVE_MAXIMUM',
  insuranceWithoutValue: 'INSURANCE_WITHOUT_VALUE',
  cashOnDeliveryWithoutInsurance: 'CASH_ON_DELIVERY_WITHOUT_INSURANCE',
  cashOnDeliveryAboveInsurance: 'CASH_ON_DELIVERY_ABOVE_INSURANCE',
  contentWeightLess: 'CONTENT_WEIGHT_LESS_THAN_INITIAL_CODE',
  contentWeightDifference: 'CONTENT_WEIGHT_DIFFERENCE',
  stateRequired: 'STATE_REQUIRED',
  latvianPostCode: 'INVALID_POST_CODE',
  addressId: 'INVALID_ADDRESS_ID',
  countryCode: 'INVALID_COUNTRY_CODE',
  iban: 'INVALID_IBAN',
  name: 'INVALID_NAME',
  phone: 'INVALID_PHONE',
  email: 'INVALID_EMAIL',
  exportDeclaration: 'EXPORT_DECLARATION_REQUIRED',
  voecRequired: 'VOEC_REQUIRED',
  termsNotAccepted: 'TERMS_NOT_ACCEPTED',
  privacyNotAccepted: 'PRIVACY_NOT_ACCEPTED',
  eNotificationRequired: 'E_NOTIFICATION_REQUIRED',
  pickUpDatePast: 'PICK_UP_DATE_PAST',
  pickUpNotWorkingDay: 'COURIER_NOT_AVAILABLE',
  courierNotAvailable: 'COURIER_NOT_AVAILABLE',
  pickUpWindow: 'PICK_UP_WINDOW_TOO_SHORT',
  pickUpTime: 'INVALID_TIME',
  invalidDate: 'INVALID_DATE',
  noPriceFound: 'NO_PRICE_FOUND',
  hsCodeNotFound: 'HS_CODE_NOT_FOUND',
} as const;

/**
 * Codes that are notices rather than errors: they are reported by the validate call but never
 * block saving or paying (the export declaration is the sender's paperwork).
 */
export const NOTICE_CODES: readonly string[] = [ORDER_CODES.exportDeclaration];

// The active account's header is the API client's (api/headers.ts); still exported here for the
// remotes and the API that import it from the orders entry.
export { ACCOUNT_HEADER } from '../api/headers';

/**
 * My orders counts an account's matching lines up to this many (issue 18): past it, the list says
 * "more than" instead of counting every line of a large company on every page (the count grew
 * with the account: 27 ms at 55,000 lines). Narrowing with the filters gives an exact total again.
 */
export const ORDER_LIST_COUNT_LIMIT = 10_000;

/**
 * A search by receiver name counts its matches up to this many (issue 41): a name that a large
 * company's lines carry by the ten thousand ("Kalniņa" in 110,000 of 1,100,000 lines) is found by
 * reading the account's newest lines until enough match, and counting 10,000 of them that way read
 * 100,000 lines (114 ms against 12 ms for 1,000). The list says "more than 1,000" and the filters
 * narrow it, as past ORDER_LIST_COUNT_LIMIT.
 */
export const ORDER_SEARCH_COUNT_LIMIT = 1_000;
