import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';
import { registerTwinRoutes } from '../../http/twin-routes';
import { workflowCatalogue } from './repository';
import { workflowRoutes } from './routes';
import { seedWorkflows } from './seed';
import { WorkflowService } from './service';

/**
 * Workflows (SPEC §3 Workflow, §7; issue 4): shipping products with their tariffs, seeded from
 * ../shared/data/tariffs.md (see README.md here). GET /api/work_flows, /api/work_flows/{id},
 * /api/shipment_steps and /api/choices/shipment_sub_types, each with its /api/public twin.
 * Needs the countries module's table (registered before it).
 */
export const workflowsModule: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  await seedWorkflows(db.orm);
  const service = new WorkflowService(db.orm, workflowCatalogue(db.orm));
  await registerTwinRoutes(app, workflowRoutes, { service });
};
