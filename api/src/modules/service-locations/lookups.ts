import { inArray } from 'drizzle-orm';
import type { Orm } from '../../db';
import { serviceLocations } from './schema';

/** A post office or parcel locker as other modules print or show it (labels, the network's pre-advice). */
export interface LocationSummary {
  id: string;
  name: string;
  address: string;
  city: string;
  countryCode: string;
  type: string;
  operator: string;
  /** Parcels are only collected here, never handed over (issue 40). */
  pickUpOnly: boolean;
  active: boolean;
}

/**
 * The locations with these ids, retired ones included (orders keep pointing at them), in no order.
 * Issue 37: other modules ask this instead of reading the table.
 */
export async function locationsByIds(db: Orm, ids: readonly string[]): Promise<LocationSummary[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: serviceLocations.id,
      name: serviceLocations.name,
      address: serviceLocations.address,
      city: serviceLocations.city,
      countryCode: serviceLocations.countryCode,
      type: serviceLocations.type,
      operator: serviceLocations.operator,
      pickUpOnly: serviceLocations.pickUpOnly,
      active: serviceLocations.active,
    })
    .from(serviceLocations)
    .where(inArray(serviceLocations.id, [...ids]));
}
