import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Orm } from '../../db';
import { workFlows } from '../../db/schema';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { acceptedLocale } from '../../http/locale';
import { parseQuery } from '../../http/validate';
import { rigaDate } from '../prices/engine';
import { workflowLabel } from './model';
import { toWorkflow } from './repository';
import { workflowTariffsView } from './tariff-view';

const adminTariffsQuery = z.strictObject({
  /** `true`: only workflows with an indicative figure in force today. */
  indicative: z
    .enum(['true', 'false'], { error: 'This value should be true or false.' })
    .transform((value) => value === 'true')
    .optional(),
});

/**
 * GET /api/admin/tariffs: every workflow's tariff rows with what each rests on (official,
 * indicative, administrator, placeholder) and its validity. Registered under `/api/admin`, so the
 * identity module's guard lets only administrators through. Read from the database, not the
 * catalogue snapshot, so a tariff file just applied by another process shows at once.
 */
export const workflowAdminRoutes: FastifyPluginAsync<{ orm: Orm }> = async (app, { orm }) => {
  app.get('/tariffs', async (request, reply) => {
    const query = parseQuery(adminTariffsQuery, request.query);
    const locale = acceptedLocale(request.headers['accept-language']);
    const today = rigaDate();
    const workflows = (await orm.select().from(workFlows).orderBy(workFlows.id)).map(toWorkflow);
    const members = workflows
      .map((workflow) => workflowTariffsView(workflow, workflowLabel(workflow, locale), today))
      .filter((view) => !query.indicative || view.indicativeInForce > 0);
    reply.type(JSON_LD);
    return hydraCollection({
      context: '/api/contexts/WorkflowTariffs',
      path: '/api/admin/tariffs',
      members,
      totalItems: members.length,
      paging: { page: 1, itemsPerPage: members.length || 1 },
      query: {},
    });
  });
};
