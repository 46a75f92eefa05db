import { randomBytes } from 'node:crypto';
import { MAX_DATABASE_ID } from '@portal/shared-contracts';
import {
  LABEL_FORMATS,
  ORDER_LINE_STATUSES,
  ORDER_STATUSES,
  type OrderWrite,
  PAYMENT_METHODS,
} from '@portal/shared-contracts/orders';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** 18 random bytes: 144 bits, 24 base64url characters (orders-plan: >= 128 bits). */
export function newOrderKey(): string {
  return randomBytes(18).toString('base64url');
}

export const keyParams = z.strictObject({
  key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'This value is not a valid order key.'),
});

/**
 * A preValidation hook for a body that may be left out: none is validated as `{}`, as the handlers
 * did before the route schemas (`request.body ?? {}`).
 */
export async function emptyBodyAsObject(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

export const validateQuery = z.strictObject({
  type: z.enum(['content'], { error: 'The value you selected is not a valid choice.' }).optional(),
  /** The saved order the body is a new version of: what it already holds (a courier pick-up) is its own. */
  order: keyParams.shape.key.optional(),
});

const dateFilter = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'This value is not a valid date.')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'This value is not a valid date.');

/** GET /api/orders (my orders): SPEC §2 filters and the paging of SPEC §3 List pagination. */
export const listQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'This value should be a two-letter country code.')
    .transform((code) => code.toUpperCase())
    .optional(),
  status: z.enum(ORDER_LINE_STATUSES, { error: 'The value you selected is not a valid choice.' }).optional(),
  orderStatus: z.enum(ORDER_STATUSES, { error: 'The value you selected is not a valid choice.' }).optional(),
  dateFrom: dateFilter.optional(),
  dateTill: dateFilter.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  rowsPerPage: z.coerce.number().int().min(1).max(100).default(5),
  '_order[createdAt]': z.enum(['ASC', 'DESC', 'asc', 'desc']).default('DESC'),
  account: z.coerce.number().int().positive().max(MAX_DATABASE_ID).optional(),
  /** `true`: only the shipments with a prepaid return (issue 40); `false`: only those without. */
  hasReturn: z
    .enum(['true', 'false'], { error: 'This value should be true or false.' })
    .transform((value) => value === 'true')
    .optional(),
  /** `true`: only the orders the caller created (the home page's recent orders); else the whole account's. */
  mine: z
    .enum(['true', 'false'], { error: 'This value should be true or false.' })
    .transform((value) => value === 'true')
    .optional(),
});
export type ListQuery = z.output<typeof listQuery>;

export const paymentBody = z.strictObject({
  returnUrl: z.string().max(500).nullish(),
  method: z.enum(PAYMENT_METHODS, { error: 'The value you selected is not a valid choice.' }).default('card'),
});

/** `format` of a label download; without it, the account's default (A6 for visitors). */
export const documentQuery = z.strictObject({
  format: z
    .enum(LABEL_FORMATS)
    .optional()
    .describe('A6 or A4 (PDF), or zpl (100 × 150 mm thermal printers); the account’s default when absent.'),
});

/** An `account` of the body or header: `7` or `/api/accounts/7`; null when it names none. */
/** A workflow reference of the body as an id, or null. */
export function workFlowIdOf(reference: OrderWrite['orderLines'][number]['workFlow']): number | null {
  if (reference === null || reference === undefined) return null;
  if (typeof reference === 'number') return reference;
  return Number(reference.split('/').pop());
}
