import type { Orm } from '../../db';
import { workFlows } from '../../db/schema';
import { buildWorkflowSeed } from './seed-data';

/**
 * Inserts the seeded workflows that are not there yet (matched by `seed_key`). A workflow an
 * administrator changed or deactivated keeps its changes: seeding never overwrites a row.
 */
export async function seedWorkflows(orm: Orm): Promise<void> {
  const rows = buildWorkflowSeed();
  await orm.insert(workFlows).values(rows).onConflictDoNothing({ target: workFlows.seedKey });
}
