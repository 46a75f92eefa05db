import { sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import { fillIndicativeFigures } from './indicative';
import { workFlows } from './schema';
import { buildWorkflowSeed } from './seed-data';

/** The one delivery time an earlier seed wrote that SPEC §9 overrides (README.md, figures used). */
const SUPERSEDED_DELIVERY_DAYS = { seedKey: 'parcel-lv-post-office-registered', days: 4 };

/**
 * Inserts the seeded workflows that are not there yet (matched by `seed_key`). A workflow an
 * administrator changed or deactivated keeps its changes: seeding never overwrites a value. The
 * exceptions fill gaps: a seeded row without a Latvian name (made before names were translated)
 * gets the seed's, and a name an administrator wrote stays; a missing delivery time gets the
 * seed's (and the domestic parcel's superseded 4 days become SPEC §9's one); with `indicative` (the default), the
 * prices still unknown get the indicative figures (indicative.ts), so every product has a price.
 */
export async function seedWorkflows(orm: Orm, options: { indicative?: boolean } = {}): Promise<void> {
  const rows = buildWorkflowSeed();
  await orm
    .insert(workFlows)
    .values(rows)
    .onConflictDoUpdate({
      target: workFlows.seedKey,
      set: {
        labelLv: sql`coalesce(${workFlows.labelLv}, excluded.label_lv)`,
        // SPEC §9 one working day within Latvia: fills a missing value, and corrects the 4 days an
        // earlier seed wrote for the domestic parcel (an undated page's figure that contradicted
        // tracking). Any other stored value is an administrator's and stays.
        deliveryDays: sql`case when ${workFlows.deliveryDays} is null
          or (${workFlows.seedKey} = ${SUPERSEDED_DELIVERY_DAYS.seedKey} and ${workFlows.deliveryDays} = ${SUPERSEDED_DELIVERY_DAYS.days})
          then excluded.delivery_days else ${workFlows.deliveryDays} end`,
      },
    });
  if (options.indicative ?? true) await fillIndicativeFigures(orm);
}
