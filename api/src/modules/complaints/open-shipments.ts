import { and, isNotNull, ne } from 'drizzle-orm';
import type { Orm } from '../../db';
import { complaints } from './schema';

/**
 * The shipment numbers of complaints not yet answered: their scans are evidence the back office
 * still needs, so the tracking events' retention keeps them past their months (issue 41).
 */
export async function shipmentsOfOpenComplaints(orm: Orm): Promise<string[]> {
  const rows = await orm
    .selectDistinct({ shipmentNumber: complaints.shipmentNumber })
    .from(complaints)
    .where(and(ne(complaints.status, 'answered'), isNotNull(complaints.shipmentNumber)));
  return rows.flatMap(({ shipmentNumber }) => (shipmentNumber ? [shipmentNumber] : []));
}
