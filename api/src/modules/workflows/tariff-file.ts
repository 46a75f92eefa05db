import { ADDITIONAL_SERVICES } from '@portal/shared-contracts/pricing';
import { z } from 'zod';
import { formatPropertyPath } from '../../http/violations';

// The tariff file (README.md here, "Setting tariffs"): the figures an administrator sets for
// workflows named by their seed key, without an admin screen. This module only reads and checks
// the file's own shape; tariff-import.ts checks it against the stored workflows and applies it.

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = z
  .string()
  .regex(DATE, 'This value should be a date as YYYY-MM-DD.')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'This value is not a valid date.');
const cents = z
  .int('A price is a whole number of cents.')
  .min(0, 'A price cannot be negative.')
  .max(100_000_000, 'A price is at most 1,000,000.00 EUR.');
/** Basis points: 10000 = 100 %. */
const basisPoints = z.int('A rate is a whole number of basis points.').min(0, 'A rate cannot be negative.').max(10_000);
const note = z.string().trim().min(1).max(500);

const weightStepSchema = z.strictObject({
  maxWeight: z.int('A weight is whole grams.').positive('A weight step is above 0 g.'),
  priceCents: cents,
  /** The row used when the insurance service is chosen (model.ts WeightCost). */
  insured: z.boolean().default(false),
  validFrom: date.optional(),
  note: note.optional(),
});

/**
 * Within each variant (insured or ordinary), steps in ascending order of `maxWeight` without
 * repeats: the order a tariff table is read in, so an unordered list is most often a typo in a
 * weight. Checked beside the other problems of the file, so all are reported at once.
 */
const weightStepsSchema = z
  .array(weightStepSchema)
  .min(1)
  .superRefine((steps, context) => {
    const previous = new Map<boolean, number>();
    steps.forEach((step, index) => {
      if (typeof step?.maxWeight !== 'number') return;
      const insured = step.insured === true;
      const before = previous.get(insured);
      if (before !== undefined && step.maxWeight <= before) {
        context.addIssue({
          code: 'custom',
          path: [index, 'maxWeight'],
          message: `Weight steps must be in ascending order of maxWeight without repeats (${step.maxWeight} g after ${before} g).`,
        });
      }
      previous.set(insured, Math.max(before ?? 0, step.maxWeight));
    });
  });

const serviceSchema = z
  .strictObject({
    priceCents: cents.optional(),
    ratio: basisPoints.optional(),
    ratioOf: z.enum(['insuredAmount', 'cashOnDeliveryAmount', 'shipmentPrice']).optional(),
    minCents: cents.nullable().optional(),
    vatRate: basisPoints.optional(),
  })
  .refine((service) => (service.priceCents === undefined) !== (service.ratio === undefined), {
    message: 'Give either priceCents (a fixed price) or ratio (basis points of ratioOf), not both.',
  });

const workflowTariffSchema = z
  .strictObject({
    _comment: z.string().optional(),
    /** The date every step of this workflow takes effect unless a step gives its own. */
    validFrom: date.optional(),
    note: note.optional(),
    weightCosts: weightStepsSchema.optional(),
    /**
     * `weightCosts` is the workflow's whole weight table from the workflow's (or the file's)
     * `validFrom`: every step in force that day which the file does not name is withdrawn from
     * that day, so a leftover step (e.g. an indicative 3 kg one between official 2 and 5 kg
     * steps) no longer prices part of the range. Steps then take no `validFrom` of their own.
     */
    replaceWeightCosts: z.boolean().optional(),
    serviceOptions: z.partialRecord(z.enum(ADDITIONAL_SERVICES), serviceSchema).optional(),
  })
  .refine((tariff) => tariff.weightCosts !== undefined || tariff.serviceOptions !== undefined, {
    message: 'Give weightCosts or serviceOptions (or both).',
  })
  .superRefine((tariff, context) => {
    if (!tariff.replaceWeightCosts) return;
    if (tariff.weightCosts === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['replaceWeightCosts'],
        message: 'replaceWeightCosts needs the new table in weightCosts.',
      });
      return;
    }
    tariff.weightCosts.forEach((step, index) => {
      if (step?.validFrom !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['weightCosts', index, 'validFrom'],
          message: 'A replaced weight table takes effect on one date: give validFrom for the workflow or the file.',
        });
      }
    });
  });

export const tariffFileSchema = z.strictObject({
  _comment: z.string().optional(),
  validFrom: date.optional(),
  note: note.optional(),
  workflows: z.record(z.string().min(1), workflowTariffSchema),
});

export type TariffFile = z.output<typeof tariffFileSchema>;
export type WorkflowTariff = TariffFile['workflows'][string];
export type TariffWeightStep = NonNullable<WorkflowTariff['weightCosts']>[number];
export type TariffService = z.output<typeof serviceSchema>;

/** A file that does not pass its checks: every problem, each `path: message`; nothing was applied. */
export class TariffFileError extends Error {
  constructor(readonly problems: string[]) {
    super(`The tariff file is not valid (nothing was applied):\n${problems.join('\n')}`);
    this.name = 'TariffFileError';
  }
}

/** Parses the file's JSON value (its shape; the stored workflows are checked by tariff-import.ts). */
export function parseTariffFile(data: unknown): TariffFile {
  const result = tariffFileSchema.safeParse(data);
  if (!result.success) {
    throw new TariffFileError(
      result.error.issues.map((issue) => `${formatPropertyPath(issue.path) || '(file)'}: ${issue.message}`),
    );
  }
  return result.data;
}
