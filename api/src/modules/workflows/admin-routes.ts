import {
  adminWorkflowSchema,
  tariffStepViolations,
  workflowCreateSchema,
  workflowMassEditSchema,
  workflowTariffSchema,
  workflowWriteSchema,
} from '@portal/shared-contracts/admin';
import { workflowTariffsViewSchema } from '@portal/shared-contracts/pricing';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoute } from '../../auth';
import { rigaDate } from '../../calendar';
import type { Orm } from '../../db';
import { described, errorAnswers, hydraCollectionAnswer } from '../../http/answer-schemas';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { acceptedLocale } from '../../http/locale';
import { invalidInput, notFound } from '../../http/problem';
import { NO_QUERY } from '../../http/route-schemas';
import { auditChange } from '../audit';
import { adminWorkflowResource, WorkflowAdministration, WorkflowRejected } from './administration';
import { workflowLabel } from './model';
import { toWorkflow, type WorkflowCatalogue } from './repository';
import { givenQueryOf, linkQuery, listQuery, listRequest } from './routes';
import { workFlows } from './schema';
import type { WorkflowService } from './service';
import { workflowTariffsView } from './tariff-view';

export interface WorkflowAdminRoutesOptions {
  orm: Orm;
  catalogue: WorkflowCatalogue;
  service: WorkflowService;
}

const itemParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'This value should be a whole number.')
    .transform(Number),
});

/** A refused change answers 422 with its violations, like a body that breaks the shared rules. */
async function orRejected<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof WorkflowRejected) throw invalidInput(422, error.violations);
    throw error;
  }
}

const adminTariffsQuery = z.strictObject({
  /** `true`: only workflows with an indicative figure in force today. */
  indicative: z
    .enum(['true', 'false'], { error: 'This value should be true or false.' })
    .transform((value) => value === 'true')
    .optional(),
});

const tags = ['Products and workflows'];

/**
 * GET /api/admin/tariffs: every workflow's tariff rows with what each rests on (official,
 * indicative, administrator, placeholder) and its validity. Registered under `/api/admin`, so the
 * identity module's guard lets only administrators through. Read from the database, not the
 * catalogue snapshot, so a tariff file just applied by another process shows at once.
 */
export const workflowAdminRoutes: FastifyPluginAsync<WorkflowAdminRoutesOptions> = async (
  plain,
  { orm, catalogue, service },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const administration = new WorkflowAdministration(orm, catalogue);

  app.get(
    '/tariffs',
    {
      config: adminRoute('product_manager'),
      schema: {
        summary: 'List every workflow’s tariff rows and what each figure rests on',
        description:
          'Each weight row and service with its origin (official, indicative, administrator, placeholder) and ' +
          'validity; `indicative=true` keeps the workflows with an indicative figure in force today.',
        tags,
        querystring: adminTariffsQuery,
        response: {
          200: hydraCollectionAnswer(workflowTariffsViewSchema, 'Every workflow’s tariffs, by id.'),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
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
    },
  );

  // ---- products (issue 14 item 4): list, show, create, edit, mass edit, dated tariffs ----------
  // Every route is the product managers' (and administrators'); every change writes one audit row
  // with the values before and after, and invalidates the catalogue the price engine reads.

  app.get(
    '/work_flows',
    {
      config: adminRoute('product_manager'),
      schema: {
        summary: 'List the products (back office)',
        description: 'The same filters, sorting and paging as `GET /api/work_flows`.',
        tags,
        querystring: listQuery,
        response: {
          200: hydraCollectionAnswer(adminWorkflowSchema, 'One page of products.'),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const given = givenQueryOf(request);
      const { filter, order, paging } = listRequest(request.query, given);
      const { items, totalItems } = await service.list(filter, order, paging);
      reply.type(JSON_LD);
      return hydraCollection({
        context: '/api/contexts/AdminWorkFlow',
        path: '/api/admin/work_flows',
        members: items.map(adminWorkflowResource),
        totalItems,
        paging,
        query: linkQuery(given),
      });
    },
  );

  app.get(
    '/work_flows/:id',
    {
      config: adminRoute('product_manager'),
      schema: {
        summary: 'Read a product (back office)',
        tags,
        params: itemParams,
        querystring: NO_QUERY,
        response: { 200: described(adminWorkflowSchema, 'The product.'), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const workflow = await administration.find(id);
      if (!workflow) throw notFound(`Workflow "${id}" not found.`);
      reply.type(JSON_LD);
      return adminWorkflowResource(workflow);
    },
  );

  app.post(
    '/work_flows',
    {
      config: adminRoute('product_manager'),
      schema: {
        summary: 'Create a product with its first tariff',
        tags,
        querystring: NO_QUERY,
        body: workflowCreateSchema,
        response: {
          201: described(adminWorkflowSchema, 'The product as stored; `Location` names it.'),
          ...errorAnswers(400, 401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const stepProblems = tariffStepViolations(input.tariff.weightCosts, input.maxWeight, 'tariff.weightCosts');
      if (stepProblems.length > 0) throw invalidInput(422, stepProblems);
      const created = adminWorkflowResource(await orRejected(() => administration.create(input)));
      auditChange(request, { entityType: 'work_flow', entityId: created.id, before: null, after: created });
      reply.code(201).type(JSON_LD).header('location', created['@id']);
      return created;
    },
  );

  app.put(
    '/work_flows/:id',
    {
      config: adminRoute('product_manager'),
      schema: {
        summary: 'Change a product',
        tags,
        params: itemParams,
        querystring: NO_QUERY,
        body: workflowWriteSchema,
        response: {
          200: described(adminWorkflowSchema, 'The product as stored.'),
          ...errorAnswers(400, 401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const before = await administration.find(id);
      if (!before) throw notFound(`Workflow "${id}" not found.`);
      const updated = await orRejected(() => administration.update(id, request.body));
      if (!updated) throw notFound(`Workflow "${id}" not found.`);
      const after = adminWorkflowResource(updated);
      auditChange(request, { entityType: 'work_flow', entityId: id, before: adminWorkflowResource(before), after });
      reply.type(JSON_LD);
      return after;
    },
  );

  app.post(
    '/work_flows/mass_edit',
    {
      config: adminRoute('product_manager'),
      schema: {
        summary: 'Make the same change to several products',
        tags,
        querystring: NO_QUERY,
        body: workflowMassEditSchema,
        response: {
          200: hydraCollectionAnswer(adminWorkflowSchema, 'The changed products.'),
          ...errorAnswers(400, 401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      const { before, after } = await orRejected(() => administration.massEdit(request.body));
      // One call, one audit row: the products it changed, each with its values before and after.
      const summary = (workflow: (typeof before)[number]) => ({
        id: workflow.id,
        isActive: workflow.isActive,
        deliveryDays: workflow.deliveryDays,
      });
      auditChange(request, {
        entityType: 'work_flow',
        entityId: after.map((workflow) => workflow.id).join(','),
        before: { products: before.map(summary) },
        after: { products: after.map(summary) },
      });
      reply.type(JSON_LD);
      return hydraCollection({
        context: '/api/contexts/AdminWorkFlow',
        path: '/api/admin/work_flows/mass_edit',
        members: after.map(adminWorkflowResource),
        totalItems: after.length,
        paging: { page: 1, itemsPerPage: after.length || 1 },
        query: {},
      });
    },
  );

  app.post(
    '/work_flows/:id/tariffs',
    {
      config: adminRoute('product_manager'),
      schema: {
        summary: 'Add a dated tariff to a product',
        description: 'The weight steps from `validFrom`; the older rows stay as history.',
        tags,
        params: itemParams,
        querystring: NO_QUERY,
        body: workflowTariffSchema,
        response: {
          200: described(adminWorkflowSchema, 'The product with its tariffs.'),
          ...errorAnswers(400, 401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const tariff = request.body;
      const before = await administration.find(id);
      if (!before) throw notFound(`Workflow "${id}" not found.`);
      const stepProblems = tariffStepViolations(tariff.weightCosts, before.maxWeight);
      if (stepProblems.length > 0) throw invalidInput(422, stepProblems);
      const updated = await orRejected(() => administration.setTariff(before, tariff));
      const after = adminWorkflowResource(updated);
      auditChange(request, {
        entityType: 'work_flow_tariff',
        entityId: id,
        before: { weightCosts: before.weightCosts },
        after: { weightCosts: updated.weightCosts, tariff },
      });
      reply.type(JSON_LD);
      return after;
    },
  );
};
