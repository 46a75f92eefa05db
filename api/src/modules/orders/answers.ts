import { violationSchema } from '@portal/shared-contracts';
import { orderCancellationSchema } from '@portal/shared-contracts/admin';
import { ORDER_STATUSES, orderResourceSchema } from '@portal/shared-contracts/orders';
import { z } from 'zod';

// The answers of the orders module that only the API gives (route schemas, issue 20); the order
// itself, the list rows and the bulk report are the shared contract's.

/** POST /api/orders/validate when nothing fails: notices (an export declaration) do not. */
export const orderValidationAnswer = z
  .object({
    '@type': z.literal('OrderValidation'),
    valid: z.literal(true),
    /** Always empty: failing rules answer 422 with their violations. */
    violations: z.array(violationSchema),
    notices: z.array(violationSchema),
  })
  .describe('The order passes the rules; `notices` says what the client should still know.');

/** An order as the back office shows it (admin-service.ts AdminOrder). */
export const adminOrderAnswer = z.object({
  ...orderResourceSchema.shape,
  client: z.nullable(
    z.object({ account: z.string(), email: z.nullable(z.string()), companyName: z.nullable(z.string()) }),
  ),
  createdBy: z.nullable(z.object({ id: z.int(), email: z.nullable(z.string()) })),
  cancellation: z.nullable(orderCancellationSchema),
});

/** A paid order of a deleted account, as the back office's archive lists it (archive-routes.ts). */
export const archivedOrderAnswer = z.object({
  '@id': z.string(),
  '@type': z.literal('ArchivedOrder'),
  id: z.int(),
  status: z.enum(ORDER_STATUSES),
  /** Cents; null when the order was never priced. */
  totalCents: z.nullable(z.int()),
  barcodes: z.array(z.string()),
  /** Who created it; null for a visitor's order or once the user row is gone. */
  user: z.nullable(z.object({ id: z.int(), email: z.nullable(z.string()) })),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  archivedAt: z.nullable(z.string()),
  pseudonymisedAt: z.nullable(z.string()),
});

/** POST /api/admin/orders/{key}/refunds (refunds.ts RefundResult), cents. */
export const refundAnswer = z
  .object({
    refundId: z.string(),
    amountCents: z.int(),
    refundedCents: z.int().describe('All refunds of the payment so far, this one included.'),
    remainingCents: z.int().describe('What could still be refunded.'),
  })
  .describe('The refund as recorded.');
