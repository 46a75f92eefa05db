// GET /api/admin/tariffs (administrators only): every workflow's tariff rows with what each figure
// rests on, so the back office shows which are still indicative. Money in cents, weights in grams,
// rates in basis points, dates YYYY-MM-DD. Schemas as well as types: the API documents the answer.
import * as z from 'zod/mini';

/**
 * What a figure rests on: a published source (`official`), the derived indicative table
 * (`indicative`), an administrator's tariff file (`administrator`), or nothing yet (`placeholder`,
 * "price on request").
 */
export const figureOriginSchema = z.enum(['official', 'indicative', 'administrator', 'placeholder']);
export type FigureOrigin = z.infer<typeof figureOriginSchema>;

/** One dated row of a weight step. */
export const tariffWeightRowViewSchema = z.object({
  maxWeight: z.int(),
  insured: z.boolean(),
  priceCents: z.nullable(z.int()),
  origin: figureOriginSchema,
  validFrom: z.string(),
  /** The day a later row of the same step takes over (exclusive), or null while nothing follows. */
  replacedFrom: z.nullable(z.string()),
  /** Whether this row prices the step today. */
  inForce: z.boolean(),
  /** A row that ends the step (a replaced weight table). */
  withdrawn: z.boolean(),
  /** The cited page, or `indicative` / `administrator`. */
  source: z.nullable(z.string()),
  note: z.nullable(z.string()),
});
export type TariffWeightRowView = z.infer<typeof tariffWeightRowViewSchema>;

export const tariffServiceViewSchema = z.object({
  name: z.string(),
  priceCents: z.nullable(z.int()),
  ratio: z.nullable(z.int()),
  ratioOf: z.nullable(z.string()),
  minCents: z.nullable(z.int()),
  vatRate: z.int(),
  origin: figureOriginSchema,
  source: z.nullable(z.string()),
});
export type TariffServiceView = z.infer<typeof tariffServiceViewSchema>;

export const workflowTariffsViewSchema = z.object({
  '@id': z.string(),
  id: z.int(),
  seedKey: z.nullable(z.string()),
  label: z.string(),
  isActive: z.boolean(),
  countryCode: z.nullable(z.string()),
  zone: z.string(),
  /** Rows in force today that rest on an indicative figure (weight steps and services). */
  indicativeInForce: z.int(),
  weightCosts: z.array(tariffWeightRowViewSchema),
  serviceOptions: z.array(tariffServiceViewSchema),
});
export type WorkflowTariffsView = z.infer<typeof workflowTariffsViewSchema>;
