import { sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import { workFlows } from '../../db/schema';
import { fillIndicativeFigures } from './indicative';
import { buildWorkflowSeed } from './seed-data';

/**
 * Inserts the seeded workflows that are not there yet (matched by `seed_key`). A workflow an
 * administrator changed or deactivated keeps its changes: seeding never overwrites a value. The
 * exceptions fill gaps: a seeded row without a Latvian name (made before names were translated)
 * gets the seed's, and a name an administrator wrote stays; with `indicative` (the default), the
 * prices still unknown get the indicative figures (indicative.ts), so every product has a price.
 */
export async function seedWorkflows(orm: Orm, options: { indicative?: boolean } = {}): Promise<void> {
  const rows = buildWorkflowSeed();
  await orm
    .insert(workFlows)
    .values(rows)
    .onConflictDoUpdate({
      target: workFlows.seedKey,
      set: { labelLv: sql`coalesce(${workFlows.labelLv}, excluded.label_lv)` },
    });
  if (options.indicative ?? true) await fillIndicativeFigures(orm);
}
