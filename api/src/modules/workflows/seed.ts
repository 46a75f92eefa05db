import { sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import { workFlows } from '../../db/schema';
import { buildWorkflowSeed } from './seed-data';

/**
 * Inserts the seeded workflows that are not there yet (matched by `seed_key`). A workflow an
 * administrator changed or deactivated keeps its changes: seeding never overwrites a value. The
 * one exception fills a gap: a seeded row without a Latvian name (made before names were
 * translated) gets the seed's, and a name an administrator wrote stays.
 */
export async function seedWorkflows(orm: Orm): Promise<void> {
  const rows = buildWorkflowSeed();
  await orm
    .insert(workFlows)
    .values(rows)
    .onConflictDoUpdate({
      target: workFlows.seedKey,
      set: { labelLv: sql`coalesce(${workFlows.labelLv}, excluded.label_lv)` },
    });
}
