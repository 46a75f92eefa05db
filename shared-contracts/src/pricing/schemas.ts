import * as z from 'zod/mini';
import {
  ADDITIONAL_SERVICES,
  CASH_ON_DELIVERY_TYPES,
  HANDOVER_TYPES,
  MAX_PRICE_COUNTRIES,
  SHIPMENT_SIZE_TYPES,
  SHIPMENT_SUB_TYPES,
  SHIPMENT_TYPES,
} from './constants';
import { MAX_REQUEST_SIDE_MM } from './limits';

/** Largest weight a request may carry at all (100 kg); above a workflow's own maximum is "No price found". */
export const MAX_REQUEST_WEIGHT_GRAMS = 100_000;
/** Largest amount (insurance, cash on delivery) a request may carry: 1 000 000 EUR in cents. */
export const MAX_REQUEST_AMOUNT_CENTS = 100_000_000;

const countryCode = z.string().check(z.regex(/^[A-Za-z]{2}$/));
const grams = z.int().check(z.minimum(1), z.maximum(MAX_REQUEST_WEIGHT_GRAMS));
const cents = z.int().check(z.minimum(0), z.maximum(MAX_REQUEST_AMOUNT_CENTS));
const millimetres = z.int().check(z.minimum(1), z.maximum(MAX_REQUEST_SIDE_MM));

/** The item's outer size in whole millimetres, sides in any order (SPEC §5 letter and locker limits). */
export const dimensionsSchema = z.object({ length: millimetres, width: millimetres, height: millimetres });

/**
 * POST /api/prices/by_country (SPEC §3 Price request by country, §7): prices of every workflow
 * of one shipment type to up to five countries for one weight (grams). The optional fields of
 * the price request model narrow the workflows or add services. Money in cents.
 */
export const priceByCountryRequestSchema = z.object({
  shipmentType: z.enum(SHIPMENT_TYPES),
  countryCodes: z.array(countryCode).check(z.minLength(1), z.maxLength(MAX_PRICE_COUNTRIES)),
  weight: grams,
  withContract: z.optional(z.boolean()),
  shipmentSubType: z.optional(z.nullable(z.enum(SHIPMENT_SUB_TYPES))),
  shipmentSizeType: z.optional(z.nullable(z.enum(SHIPMENT_SIZE_TYPES))),
  transferType: z.optional(z.nullable(z.enum(HANDOVER_TYPES))),
  receivingType: z.optional(z.nullable(z.enum(HANDOVER_TYPES))),
  additionalServices: z.optional(z.array(z.enum(ADDITIONAL_SERVICES))),
  /** Insured amount in cents (whole euros). */
  insurance: z.optional(z.nullable(cents)),
  postCodeFrom: z.optional(z.nullable(z.string())),
  postCodeTo: z.optional(z.nullable(z.string())),
  discountCode: z.optional(z.nullable(z.string())),
  /** When given: letters are checked against SPEC §5, products the item does not fit are left out. */
  dimensions: z.optional(z.nullable(dimensionsSchema)),
});
export type PriceByCountryRequest = z.infer<typeof priceByCountryRequestSchema>;

/** One part of a price: the tariff, an additional service or a discount (negative). */
export const priceComponentSchema = z.object({
  /** `shipment`, an additional service name, `onlineDiscount` or `discountCode`. */
  name: z.string(),
  /** Without VAT, cents. */
  amount: z.int(),
  vat: z.int(),
});
export type PriceComponent = z.infer<typeof priceComponentSchema>;

/** A computed price in cents: `amount` = `amountWithoutVat` + `vat`. */
export const priceSchema = z.object({
  amount: z.int(),
  amountWithoutVat: z.int(),
  vat: z.int(),
  currency: z.literal('EUR'),
  components: z.array(priceComponentSchema),
  /**
   * True when the price rests on an indicative figure (derived from published ones, not a
   * published tariff): screens say "indicative price". Absent in prices stored before it existed.
   */
  indicative: z.optional(z.boolean()),
});
export type Price = z.infer<typeof priceSchema>;

/** A workflow as the price answers show it. */
export const pricedWorkFlowSchema = z.object({
  '@id': z.string(),
  id: z.int(),
  label: z.string(),
  countryCode: z.string(),
  shipmentType: z.enum(SHIPMENT_TYPES),
  shipmentSubType: z.string(),
  shipmentSizeType: z.nullable(z.string()),
  transferType: z.nullable(z.string()),
  receivingType: z.nullable(z.string()),
  deliveryDays: z.nullable(z.int()),
  maxWeight: z.int(),
  /**
   * The product's size limit: longest, middle and shortest side in mm (null: not limited or not
   * known yet) and the tariff's wording. Null when the workflow states none.
   */
  sizeLimit: z.optional(
    z.nullable(
      z.object({
        description: z.string(),
        length: z.nullable(z.int()),
        width: z.nullable(z.int()),
        height: z.nullable(z.int()),
        /**
         * True when the product's own size figures are not stated by any source (e.g. a parcel
         * locker's size class): only the network-wide limit in the sides applies.
         */
        notStated: z.optional(z.boolean()),
      }),
    ),
  ),
  /** Null when the tariff is not set yet: the price is on request (`priceOnRequest`). */
  price: z.nullable(priceSchema),
  priceOnRequest: z.boolean(),
  /**
   * Whether the product can be ordered at this price: false when the price is on request, or
   * indicative where the operator refuses indicative prices (INDICATIVE_PRICES=refuse).
   */
  orderable: z.optional(z.boolean()),
  /** Why there is no price ('No price found.'), else null. */
  message: z.nullable(z.string()),
});
export type PricedWorkFlow = z.infer<typeof pricedWorkFlowSchema>;

/** A country of the request that has no priced workflow, and why. */
export const unpricedCountrySchema = z.object({
  countryCode: z.string(),
  propertyPath: z.string(),
  message: z.string(),
  code: z.string(),
});

export const priceByCountryAnswerSchema = z.object({
  workFlows: z.array(pricedWorkFlowSchema),
  unpriced: z.array(unpricedCountrySchema),
  discountCodeIsValid: z.nullable(z.boolean()),
});
export type PriceByCountryAnswer = z.infer<typeof priceByCountryAnswerSchema>;

/** One order line of POST /api/prices/by_order (the fields of SPEC §3 Order line that price it). */
export const priceOrderLineSchema = z.object({
  /** IRI `/api/work_flows/12` or the id. */
  workFlow: z.union([z.string(), z.int()]),
  attributes: z.object({
    weight: grams,
    countryCode: countryCode,
    additionalServices: z.optional(z.array(z.enum(ADDITIONAL_SERVICES))),
  }),
  services: z.optional(
    z.object({
      insurance: z.optional(z.nullable(z.object({ amount: cents, currency: z.optional(z.literal('EUR')) }))),
      cashOnDelivery: z.optional(
        z.nullable(
          z.object({ type: z.enum(CASH_ON_DELIVERY_TYPES), amount: cents, currency: z.optional(z.literal('EUR')) }),
        ),
      ),
    }),
  ),
  discountCode: z.optional(z.nullable(z.string())),
});

export const priceByOrderRequestSchema = z.object({
  orderLines: z.array(priceOrderLineSchema).check(z.minLength(1)),
  discountCode: z.optional(z.nullable(z.string())),
});
export type PriceByOrderRequest = z.infer<typeof priceByOrderRequestSchema>;

export const priceByOrderAnswerSchema = z.object({
  price: priceSchema,
  orderLines: z.array(z.object({ workFlow: z.string(), price: priceSchema })),
  /** Null when no code was given. */
  discountCodeIsValid: z.nullable(z.boolean()),
});
export type PriceByOrderAnswer = z.infer<typeof priceByOrderAnswerSchema>;
