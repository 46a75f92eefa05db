import { inArray } from 'drizzle-orm';
import type { Orm } from '../../db';
import { workFlows } from './schema';

/** How a product's shipments travel: what the network's pre-advice says of each (tracking). */
export interface ShipmentWays {
  id: number;
  shipmentType: string;
  transferType: string | null;
  receivingType: string | null;
}

/**
 * The ways of the workflows with these ids, archived ones included, in no order (issue 37: other
 * modules ask this instead of reading the table).
 */
export async function shipmentWaysOf(db: Orm, ids: readonly number[]): Promise<ShipmentWays[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: workFlows.id,
      shipmentType: workFlows.shipmentType,
      transferType: workFlows.transferType,
      receivingType: workFlows.receivingType,
    })
    .from(workFlows)
    .where(inArray(workFlows.id, [...ids]));
}
