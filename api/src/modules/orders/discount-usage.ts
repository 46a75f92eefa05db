import type { Price } from '@portal/shared-contracts/pricing';
import { eq } from 'drizzle-orm';
import { rigaDate } from '../../calendar';
import type { Orm } from '../../db';
import { addDiscountUses } from '../discounts';
import { normaliseDiscountCode } from '../prices';
import { orderLines } from './schema';

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

/**
 * SPEC §3 Discount "usage count, max count, left count": a code is used once for each paid
 * shipment whose price it lowered. Counted in the settlement's transaction, so a replayed or
 * concurrent callback (which settles nothing) counts nothing; the engine stops applying a code
 * once its usage count reaches its max count.
 */
export async function countDiscountUses(
  tx: Tx,
  order: { id: number; discountCode: string | null },
  now: Date,
): Promise<void> {
  const lines = await tx
    .select({ discountCode: orderLines.discountCode, price: orderLines.price })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id));
  const uses = new Map<string, number>();
  for (const line of lines) {
    const code = line.discountCode ?? order.discountCode;
    const discounted = ((line.price as Price | null)?.components ?? []).some(
      (component) => component.name === 'discountCode',
    );
    if (!code || !discounted) continue;
    const normalised = normaliseDiscountCode(code);
    uses.set(normalised, (uses.get(normalised) ?? 0) + 1);
  }
  await addDiscountUses(tx, uses, rigaDate(now));
}
