import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';
import { apiModule } from '../../http/api-module';
import { registerTwinRoutes } from '../../http/twin-routes';
import { workflowAdminRoutes } from './admin-routes';
import type { WorkflowCatalogue } from './repository';
import { workflowRoutes } from './routes';
import { WorkflowService } from './service';

// What other modules ask of workflows beyond the catalogue: answers, never the table (issue 37).
export { type ShipmentWays, shipmentWaysOf } from './lookups';
// What other modules use of workflows: the product model, the catalogue the composition root builds
// once, the zones a product serves, the weight steps in force and the steps of a shipment.
export {
  ADMINISTRATOR_SOURCE,
  figureOrigin,
  INDICATIVE_SOURCE,
  type ServiceOption,
  type WeightCost,
  type Workflow,
  workflowLabel,
} from './model';
export { WorkflowCatalogue } from './repository';
export { seedWorkflows } from './seed';
export { type ShipmentStep, shipmentSteps } from './steps';
export { applyTariffFileFromPath } from './tariff-import';
export { weightStepsOn } from './weight-steps';
export { servesCountry } from './zones';

export interface WorkflowsModuleOptions {
  db: Database;
  /** The catalogue the composition root built (prices and orders read the same one). */
  catalogue: WorkflowCatalogue;
}

/**
 * Workflows (SPEC §3 Workflow, §7; issue 4): shipping products with their tariffs, seeded from
 * ../shared/data/tariffs.md (see README.md here; `seedWorkflows`, run by `npm run db:seed` and by a
 * development start). GET /api/work_flows, /api/work_flows/{id}, /api/shipment_steps and
 * /api/choices/shipment_sub_types, each with its /api/public twin, GET /api/admin/tariffs (every
 * tariff row and what it rests on) and the back office's products under /api/admin/work_flows
 * (list, show, create, edit, mass edit, dated tariffs; product managers and administrators).
 */
const workflowsPlugin: FastifyPluginAsync<WorkflowsModuleOptions> = async (app, { db, catalogue }) => {
  const service = new WorkflowService(db.orm, catalogue);
  await registerTwinRoutes(app, workflowRoutes, { service });
  await app.register(workflowAdminRoutes, { prefix: '/api/admin', orm: db.orm, catalogue, service });
};

export const workflowsModule = apiModule(workflowsPlugin, { name: 'workflows' });
