// Products (workflows, SPEC §3 Workflow) as the back office edits them (issue 14 item 4): the JSON
// documents a `work_flows` row holds, and the rules of a create, an edit, a mass edit and a dated
// tariff. The API validates with these schemas and the admin form checks the same before it sends,
// so both give the same message beside the same field. Money in integer cents, weight in integer
// grams, rates in basis points (10000 = 100 %), dates as YYYY-MM-DD.
import { z } from 'zod';
import { MAX_DATABASE_ID } from '../format/safe-text';
import {
  ADDITIONAL_SERVICES,
  HANDOVER_TYPES,
  SHIPMENT_SIZE_TYPES,
  SHIPMENT_SUB_TYPES,
  SHIPMENT_TYPES,
} from '../pricing/constants';
import { MAX_REQUEST_WEIGHT_GRAMS } from '../pricing/schemas';
import type { RuleViolation } from '../rules/violations';

// ---- the JSON documents of a workflow row ----------------------------------------------------
// Schemas as well as types: the API documents its answers with them (issue 20).

/** Where a figure came from: a cited page, `indicative`, `administrator`, or null. */
export const figureSourceSchema = z.string().nullable();
export type FigureSource = z.infer<typeof figureSourceSchema>;

/**
 * One dated row of a weight step: the price up to `maxWeight` grams (above the previous step) from
 * `validFrom` until a later row of the same step. `priceCents: null` with `placeholder: true` is a
 * figure nobody knows yet ("price on request").
 */
export const weightCostSchema = z.object({
  maxWeight: z.int(),
  /** The row used when the insurance service is chosen (insured items have their own tariff). */
  insured: z.boolean(),
  priceCents: z.int().nullable(),
  placeholder: z.boolean(),
  validFrom: z.string(),
  source: figureSourceSchema,
  note: z.string().optional(),
  /** A row that ends the step from `validFrom` (a replaced weight table): it prices nothing. */
  withdrawn: z.boolean().optional(),
});
export type WeightCost = z.infer<typeof weightCostSchema>;

/** What a ratio-priced service is a percentage of. */
export const ratioBaseSchema = z.enum(['insuredAmount', 'cashOnDeliveryAmount', 'shipmentPrice']);
export type RatioBase = z.infer<typeof ratioBaseSchema>;

/** An additional service the workflow offers and its price (fixed, or a ratio with a minimum), plus VAT. */
export const serviceOptionSchema = z.object({
  name: z.enum(ADDITIONAL_SERVICES),
  priceCents: z.int().nullable(),
  ratio: z.int().nullable(),
  ratioOf: ratioBaseSchema.nullable(),
  minCents: z.int().nullable(),
  vatRate: z.int(),
  placeholder: z.boolean(),
  source: figureSourceSchema,
});
export type ServiceOption = z.infer<typeof serviceOptionSchema>;

export const workflowDimensionsSchema = z.object({
  description: z.string(),
  /** Centimetres; null where no source gives them. */
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type WorkflowDimensions = z.infer<typeof workflowDimensionsSchema>;

export const subTypeDescriptionSchema = z.object({
  description: z.string(),
  dimensions: workflowDimensionsSchema.nullable(),
  transferOptions: z.array(z.string()),
  receivingOptions: z.array(z.string()),
  serviceOptions: z.array(z.string()),
});
export type SubTypeDescription = z.infer<typeof subTypeDescriptionSchema>;

/** The form fields a workflow asks for, and which of them are required (SPEC §3 configs). */
export const workflowConfigSchema = z.object({
  associatedDocumentFields: z.array(z.string()),
  attributeFields: z.array(z.string()),
  contentFields: z.array(z.string()),
  senderFields: z.array(z.string()),
  receiverFields: z.array(z.string()),
  serviceDataFields: z.array(z.string()),
  requiredAssociatedDocumentFields: z.array(z.string()),
  requiredAttributeFields: z.array(z.string()),
  requiredContentFields: z.array(z.string()),
  requiredSenderFields: z.array(z.string()),
  requiredReceiverFields: z.array(z.string()),
  requiredServiceDataFields: z.array(z.string()),
  maxContentRows: z.int(),
  maxInsuranceAmount: z.int().nullable(),
  overwritePrintoutForm: z.boolean(),
  printoutForm: z.string().nullable(),
  requiredAdditionalServices: z.array(z.enum(ADDITIONAL_SERVICES)),
});
export type WorkflowConfig = z.infer<typeof workflowConfigSchema>;

export const workflowConfigsSchema = z.object({
  default: workflowConfigSchema,
  companyInvoice: workflowConfigSchema,
});
export type WorkflowConfigs = z.infer<typeof workflowConfigsSchema>;

export const insuranceVariantSchema = z.object({
  label: z.string(),
  maxAmount: z.int().nullable(),
});
export type InsuranceVariant = z.infer<typeof insuranceVariantSchema>;

export const barcodeRequestConfigSchema = z.object({
  category: z.string(),
  class: z.string(),
  code: z.string(),
  amount: z.int(),
});
export type BarcodeRequestConfig = z.infer<typeof barcodeRequestConfigSchema>;

export const sasBroadcastConfigSchema = z.object({
  classCode: z.string(),
  contentCode: z.string(),
  mailItemCategoryCode: z.string(),
  expressIndicator: z.string(),
  characteristicCode: z.string(),
});
export type SasBroadcastConfig = z.infer<typeof sasBroadcastConfigSchema>;

/** The destinations a workflow without a country serves (api modules/workflows/zones.ts). */
export const WORKFLOW_ZONES = ['LV', 'EEA', 'WORLD'] as const;
export type WorkflowZone = (typeof WORKFLOW_ZONES)[number];

// ---- the rules of the back office's writes -------------------------------------------------

/** Operator names (as the location data writes them), each once. */
const networksSchema = z
  .array(z.string().trim().min(1, 'This value should not be blank.').max(100, 'This value is too long.'))
  .max(20)
  .refine((names) => new Set(names).size === names.length, 'Each operator may be named once.');

export const WORKFLOW_MESSAGES = {
  blank: 'This value should not be blank.',
  tooLong: 'This value is too long.',
  weightNegative: 'A weight cannot be negative.',
  weightZero: 'A weight must be more than 0 g.',
  weightWhole: 'A weight is a whole number of grams.',
  weightTooHigh: `A weight can be at most ${MAX_REQUEST_WEIGHT_GRAMS} g.`,
  priceNegative: 'A price cannot be negative.',
  priceWhole: 'A price is a whole number of cents.',
  priceTooHigh: 'A price is at most 1,000,000.00 EUR.',
  daysInvalid: 'Delivery days are a whole number from 0 to 60.',
  ascending: 'Weight steps must be in ascending order of weight without repeats.',
  aboveMaxWeight: 'This weight step is above the product’s maximum weight.',
  date: 'This value should be a date as YYYY-MM-DD.',
  seedKey: 'The key may contain lower-case Latin letters, digits and dashes (at most 80).',
  countryCode: 'This value should be a two-letter country code.',
  serviceTwice: 'A service can be offered once.',
  noChange: 'Choose at least one change.',
  noProducts: 'Choose at least one product.',
} as const;

const text = (max: number) => z.string().trim().min(1, WORKFLOW_MESSAGES.blank).max(max, WORKFLOW_MESSAGES.tooLong);

/** Grams: a negative weight and a zero one each get their own message (issue 14: "negative weights"). */
export const gramsSchema = z
  .number({ error: WORKFLOW_MESSAGES.weightWhole })
  .int(WORKFLOW_MESSAGES.weightWhole)
  .min(0, WORKFLOW_MESSAGES.weightNegative)
  .max(MAX_REQUEST_WEIGHT_GRAMS, WORKFLOW_MESSAGES.weightTooHigh)
  .refine((grams) => grams !== 0, WORKFLOW_MESSAGES.weightZero);

const centsSchema = z
  .number({ error: WORKFLOW_MESSAGES.priceWhole })
  .int(WORKFLOW_MESSAGES.priceWhole)
  .min(0, WORKFLOW_MESSAGES.priceNegative)
  .max(100_000_000, WORKFLOW_MESSAGES.priceTooHigh);

const dateSchema = z
  .string({ error: WORKFLOW_MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, WORKFLOW_MESSAGES.date)
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
  }, WORKFLOW_MESSAGES.date);

export const WORKFLOW_KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The fields of SPEC §3 Workflow that the price engine and the order wizard read. */
export const workflowWriteSchema = z.strictObject({
  isActive: z.boolean(),
  label: text(200),
  labelLv: text(200).nullable(),
  shipmentType: z.enum(SHIPMENT_TYPES),
  shipmentSubType: z.enum(SHIPMENT_SUB_TYPES),
  shipmentSizeType: z.enum(SHIPMENT_SIZE_TYPES).nullable(),
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/, WORKFLOW_MESSAGES.countryCode)
    .nullable(),
  zone: z.enum(WORKFLOW_ZONES),
  transferType: z.enum(HANDOVER_TYPES).nullable(),
  receivingType: z.enum(HANDOVER_TYPES).nullable(),
  /**
   * Operators whose places the product hands over / delivers at (issue 40; orders/location-rules.ts;
   * empty: any operator). Absent: the product keeps its own (a new one: the operator's own network).
   */
  transferNetworks: networksSchema.optional(),
  receivingNetworks: networksSchema.optional(),
  maxWeight: gramsSchema,
  deliveryDays: z
    .number({ error: WORKFLOW_MESSAGES.daysInvalid })
    .int(WORKFLOW_MESSAGES.daysInvalid)
    .min(0, WORKFLOW_MESSAGES.daysInvalid)
    .max(60, WORKFLOW_MESSAGES.daysInvalid)
    .nullable(),
  /** The additional services offered; a new one starts as "price on request" until a tariff sets it. */
  serviceOptions: z
    .array(z.enum(ADDITIONAL_SERVICES))
    .refine((names) => new Set(names).size === names.length, WORKFLOW_MESSAGES.serviceTwice),
});
export type WorkflowWrite = z.output<typeof workflowWriteSchema>;

export const tariffStepSchema = z.strictObject({
  maxWeight: gramsSchema,
  insured: z.boolean().default(false),
  priceCents: centsSchema,
});
export type TariffStep = z.output<typeof tariffStepSchema>;

/** A dated tariff for one product: its weight steps from `validFrom` (the older rows stay as history). */
export const workflowTariffSchema = z.strictObject({
  validFrom: dateSchema,
  /** The steps are the whole table from `validFrom`: steps not named stop pricing that day. */
  replaceWeightCosts: z.boolean().default(false),
  weightCosts: z.array(tariffStepSchema).min(1, WORKFLOW_MESSAGES.blank).max(200),
});
export type WorkflowTariff = z.output<typeof workflowTariffSchema>;

/** A new product: its fields, the key a tariff file names it by, and its first tariff. */
export const workflowCreateSchema = workflowWriteSchema.extend({
  seedKey: z.string().max(80, WORKFLOW_MESSAGES.seedKey).regex(WORKFLOW_KEY_PATTERN, WORKFLOW_MESSAGES.seedKey),
  tariff: workflowTariffSchema,
});
export type WorkflowCreate = z.output<typeof workflowCreateSchema>;

/** Mass edit: the same change to several products. */
export const workflowMassEditSchema = z.strictObject({
  ids: z.array(z.int().positive().max(MAX_DATABASE_ID)).min(1, WORKFLOW_MESSAGES.noProducts).max(500),
  changes: z
    .strictObject({
      isActive: z.boolean().optional(),
      deliveryDays: workflowWriteSchema.shape.deliveryDays.optional(),
    })
    .refine((changes) => Object.values(changes).some((value) => value !== undefined), WORKFLOW_MESSAGES.noChange),
});
export type WorkflowMassEdit = z.output<typeof workflowMassEditSchema>;

const path = (segments: readonly PropertyKey[]) =>
  segments.reduce<string>(
    (joined, segment) =>
      typeof segment === 'number' ? `${joined}[${segment}]` : joined ? `${joined}.${String(segment)}` : String(segment),
    '',
  );

/**
 * The rules across fields of a tariff's steps: ascending weights per variant (insured or
 * ordinary) and none above the product's maximum weight. `base` is the path of the steps list.
 */
export function tariffStepViolations(
  steps: readonly { maxWeight: number; insured?: boolean }[],
  maxWeight: number | undefined,
  base = 'weightCosts',
): RuleViolation[] {
  const found: RuleViolation[] = [];
  const previous = new Map<boolean, number>();
  steps.forEach((step, index) => {
    if (typeof step.maxWeight !== 'number' || !Number.isFinite(step.maxWeight) || step.maxWeight <= 0) return;
    const at = `${base}[${index}].maxWeight`;
    const insured = step.insured === true;
    const before = previous.get(insured);
    if (before !== undefined && step.maxWeight <= before) {
      found.push({ propertyPath: at, message: WORKFLOW_MESSAGES.ascending, code: 'WORKFLOW_STEPS_ORDER' });
    } else if (maxWeight !== undefined && step.maxWeight > maxWeight) {
      found.push({ propertyPath: at, message: WORKFLOW_MESSAGES.aboveMaxWeight, code: 'WORKFLOW_STEP_ABOVE_MAX' });
    }
    previous.set(insured, Math.max(before ?? 0, step.maxWeight));
  });
  return found;
}

function schemaViolations(schema: z.ZodType, input: unknown): RuleViolation[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    propertyPath: path(issue.path),
    message: issue.message,
    code: issue.code === 'custom' ? 'WORKFLOW_INVALID' : `WORKFLOW_${issue.code.toUpperCase()}`,
  }));
}

/** Every violation of a product edit (`workflowWriteSchema`). */
export function workflowWriteViolations(input: unknown): RuleViolation[] {
  return schemaViolations(workflowWriteSchema, input);
}

/** Every violation of a new product, its first tariff's steps checked against its maximum weight too. */
export function workflowCreateViolations(input: unknown): RuleViolation[] {
  const found = schemaViolations(workflowCreateSchema, input);
  const value = input as Partial<WorkflowCreate> | null;
  const steps = Array.isArray(value?.tariff?.weightCosts) ? value.tariff.weightCosts : [];
  const maxWeight = typeof value?.maxWeight === 'number' ? value.maxWeight : undefined;
  return [...found, ...tariffStepViolations(steps, maxWeight, 'tariff.weightCosts')];
}

/** Every violation of a dated tariff for a product whose maximum weight is `maxWeight`. */
export function workflowTariffViolations(input: unknown, maxWeight: number): RuleViolation[] {
  const found = schemaViolations(workflowTariffSchema, input);
  const value = input as Partial<WorkflowTariff> | null;
  const steps = Array.isArray(value?.weightCosts) ? value.weightCosts : [];
  return [...found, ...tariffStepViolations(steps, maxWeight)];
}

/**
 * The back office's list row and item (GET /api/admin/work_flows, /{id}): the edited fields
 * (`workflowWriteSchema`, as stored rather than as a write must be) and what the row holds besides.
 */
export const adminWorkflowSchema = z.object({
  '@id': z.string(),
  id: z.int(),
  seedKey: z.string().nullable(),
  isActive: z.boolean(),
  label: z.string(),
  labelLv: z.string().nullable(),
  shipmentType: z.enum(SHIPMENT_TYPES),
  shipmentSubType: z.enum(SHIPMENT_SUB_TYPES),
  shipmentSizeType: z.enum(SHIPMENT_SIZE_TYPES).nullable(),
  countryCode: z.string().nullable(),
  zone: z.enum(WORKFLOW_ZONES),
  transferType: z.enum(HANDOVER_TYPES).nullable(),
  receivingType: z.enum(HANDOVER_TYPES).nullable(),
  transferNetworks: z.array(z.string()),
  receivingNetworks: z.array(z.string()),
  maxWeight: z.int(),
  deliveryDays: z.int().nullable(),
  /** The names of the offered services (`services` holds their figures). */
  serviceOptions: z.array(z.enum(ADDITIONAL_SERVICES)),
  weightCosts: z.array(weightCostSchema),
  services: z.array(serviceOptionSchema),
  placeholders: z.array(z.string()),
  updatedAt: z.iso.datetime(),
});
export type AdminWorkflow = z.infer<typeof adminWorkflowSchema>;
