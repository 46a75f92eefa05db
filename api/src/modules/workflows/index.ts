import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';
import { registerTwinRoutes } from '../../http/twin-routes';
import { workflowAdminRoutes } from './admin-routes';
import { workflowCatalogue } from './repository';
import { workflowRoutes } from './routes';
import { seedWorkflows } from './seed';
import { WorkflowService } from './service';
import { applyTariffFileFromPath } from './tariff-import';

/** Options of the module; `tariffFile` is the TARIFF_FILE setting (api/src/config). */
export interface WorkflowsModuleOptions {
  db: Database;
  tariffFile?: string;
  /** Fill the prices no source gives with the indicative figures (data/README.md); default true. */
  indicativeTariffs?: boolean;
}

/**
 * Workflows (SPEC §3 Workflow, §7; issue 4): shipping products with their tariffs, seeded from
 * ../shared/data/tariffs.md (see README.md here). GET /api/work_flows, /api/work_flows/{id},
 * /api/shipment_steps and /api/choices/shipment_sub_types, each with its /api/public twin, and
 * GET /api/admin/tariffs (administrators: every tariff row and what it rests on).
 * Needs the countries module's table (registered before it). With a tariff file (TARIFF_FILE),
 * its figures are applied after seeding, so a deployment ships its prices; a file that fails its
 * checks stops the start rather than leave the old prices in force unnoticed.
 */
export const workflowsModule: FastifyPluginAsync<WorkflowsModuleOptions> = async (
  app,
  { db, tariffFile, indicativeTariffs = true },
) => {
  await seedWorkflows(db.orm, { indicative: indicativeTariffs });
  if (tariffFile) {
    const report = await applyTariffFileFromPath(db.orm, tariffFile);
    app.log.info({ tariffFile, ...report }, 'tariff file applied');
  }
  const service = new WorkflowService(db.orm, workflowCatalogue(db.orm));
  await registerTwinRoutes(app, workflowRoutes, { service });
  await app.register(workflowAdminRoutes, { prefix: '/api/admin', orm: db.orm });
};
