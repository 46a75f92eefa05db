import {
  LOCATION_FIELDS,
  type LocationRole,
  locationUseViolations,
  type OrderViolation,
  type OrderWrite,
  type PlaceFacts,
} from '@portal/shared-contracts/orders';
import type { Workflow } from '../workflows';
import { workFlowIdOf } from './model';

/**
 * The places with these ids as the rule needs them (issue 40); the composition root answers from
 * the service-locations module, so that orders reads no other module's table (issue 37).
 */
export type PlaceLookup = (ids: readonly string[]) => Promise<(PlaceFacts & { id: string })[]>;

interface NamedPlace {
  line: number;
  role: LocationRole;
  id: string;
}

/** The places an order names: per line, where the sender hands over and where the receiver collects. */
function namedPlaces(order: OrderWrite): NamedPlace[] {
  return order.orderLines.flatMap((line, index) => {
    const transfer = line.attributes?.transferLocationId?.trim();
    const receiving = line.receiver?.address?.serviceLocationId?.trim();
    return [
      ...(transfer ? [{ line: index, role: 'transfer' as const, id: transfer }] : []),
      ...(receiving ? [{ line: index, role: 'receiving' as const, id: receiving }] : []),
    ];
  });
}

/**
 * Whether each line's product may use the places the line names (shared-contracts
 * orders/location-rules.ts): a violation at the location field for each it may not. A line
 * without a known product is left to the workflow check.
 */
export async function placeViolations(
  order: OrderWrite,
  workflows: (id: number) => Workflow | undefined,
  places: PlaceLookup,
): Promise<OrderViolation[]> {
  const named = namedPlaces(order);
  if (named.length === 0) return [];
  const found = new Map((await places([...new Set(named.map((place) => place.id))])).map((row) => [row.id, row]));
  return named.flatMap(({ line, role, id }) => {
    const orderLine = order.orderLines[line];
    const workflowId = orderLine ? workFlowIdOf(orderLine.workFlow) : null;
    const workflow = workflowId === null ? undefined : workflows(workflowId);
    if (!workflow) return [];
    return locationUseViolations(workflow, role, found.get(id), LOCATION_FIELDS[role](line));
  });
}
