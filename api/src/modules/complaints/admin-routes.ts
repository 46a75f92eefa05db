import {
  COMPLAINT_STATUSES,
  COMPLAINT_TYPES,
  type ComplaintStatus,
  type ComplaintType,
  REFUND_DECISIONS,
  type RefundDecision,
} from '@portal/shared-contracts/complaints';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoute } from '../../auth';
import { described, errorAnswers, hydraCollectionAnswer } from '../../http/answer-schemas';
import { hydraCollection, JSON_LD, linkQueryOf } from '../../http/hydra';
import { NO_QUERY } from '../../http/route-schemas';
import { auditChange } from '../audit';
import { attachmentFileAnswer, complaintAdminAnswer, queueRowAnswer } from './answers';
import { attachmentParams, idParams, sendAttachment } from './routes';
import { type ComplaintRow, type ComplaintService, complaintAdminResource } from './service';

// Shape only (a string); the rule (not blank, at most MAX_COMPLAINT_ANSWER) is the shared one.
const answerBody = z.strictObject({ answer: z.string() });
// Shape only (strings or null); the allowed values and transitions are the shared handling rules (422).
const handlingBody = z.strictObject({
  status: z.string().nullish(),
  refundDecision: z.string().nullish(),
});

const MAX_ITEMS_PER_PAGE = 100;
const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'This value should be a whole number.')
    .transform(Number)
    .pipe(z.number().min(1, 'This value should be 1 or more.').max(max, `This value should be ${max} or less.`));

const queueQuery = z.strictObject({
  status: z.enum(COMPLAINT_STATUSES).optional(),
  refundDecision: z.enum(REFUND_DECISIONS).optional(),
  type: z.enum(COMPLAINT_TYPES).optional(),
  q: z.string().trim().max(100, 'This value can have at most 100 characters.').optional(),
  'order[createdAt]': z.enum(['asc', 'desc']).default('asc'),
  itemsPerPage: wholeNumber(MAX_ITEMS_PER_PAGE).default(20),
  page: wholeNumber(100_000).default(1),
});

/** One row of the queue: enough to pick a complaint; its page (GET …/{id}) has everything. */
function queueRowResource(row: ComplaintRow) {
  return {
    '@id': `/api/admin/complaints/${row.id}`,
    '@type': 'Complaint' as const,
    id: row.id,
    submissionNumber: row.submissionNumber,
    type: row.type as ComplaintType,
    fullName: row.fullName,
    email: row.email,
    shipmentNumber: row.shipmentNumber,
    status: row.status as ComplaintStatus,
    refundDecision: row.refundDecision as RefundDecision,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/**
 * The back office's side of complaints (SPEC §2 admin "submissions: complaints"). Every route under
 * /api/admin is the back office's: these admit customer service and administrators (identity/index.ts
 * checks them after routing).
 */
export const complaintAdminRoutes: FastifyPluginAsync<{ service: ComplaintService }> = async (plain, { service }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const tags = ['Complaints (back office)'];
  const access = adminRoute('customer_service');

  // The queue: filters (status, refund decision, type, text), oldest first by default, paged on the server.
  app.get(
    '/admin/complaints',
    {
      config: access,
      schema: {
        summary: 'List the complaints to handle',
        description: 'Filtered by status, refund decision, type and text (`q`: number, name or e-mail); oldest first.',
        tags,
        querystring: queueQuery,
        response: {
          200: hydraCollectionAnswer(queueRowAnswer, 'One page of the queue.'),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const paging = { page: query.page, itemsPerPage: query.itemsPerPage };
      const { items, totalItems } = await service.queue({
        status: query.status,
        refundDecision: query.refundDecision,
        type: query.type,
        q: query.q || undefined,
        order: query['order[createdAt]'],
        ...paging,
      });
      reply.type(JSON_LD).header('cache-control', 'no-store');
      return hydraCollection({
        context: '/api/contexts/Complaint',
        path: '/api/admin/complaints',
        members: items.map(queueRowResource),
        totalItems,
        paging,
        query: linkQueryOf(request),
      });
    },
  );

  // PATCH {status?, refundDecision?}: the complaint's handling; answering is its own route (e-mail).
  app.patch(
    '/admin/complaints/:id',
    {
      config: access,
      schema: {
        summary: 'Change a complaint’s status or refund decision',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        body: handlingBody,
        response: {
          200: described(complaintAdminAnswer, 'The complaint as changed.'),
          ...errorAnswers(400, 401, 403, 404, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const before = complaintAdminResource(await service.byId(id));
      const after = complaintAdminResource(await service.handle(id, request.body));
      auditChange(request, { entityType: 'complaint', entityId: id, before, after });
      reply.type(JSON_LD).header('cache-control', 'no-store');
      return after;
    },
  );

  app.get(
    '/admin/complaints/:id',
    {
      config: access,
      schema: {
        summary: 'Read a complaint with everything the complainant gave',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        response: { 200: described(complaintAdminAnswer, 'The complaint.'), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.type(JSON_LD).header('cache-control', 'no-store');
      return complaintAdminResource(await service.byId(request.params.id));
    },
  );

  // POST {answer}: the complaint is answered and the complainant gets the answer by e-mail.
  app.post(
    '/admin/complaints/:id/answer',
    {
      config: access,
      schema: {
        summary: 'Answer a complaint (the complainant gets the answer by e-mail)',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        body: answerBody,
        response: {
          200: described(complaintAdminAnswer, 'The complaint, answered.'),
          ...errorAnswers(400, 401, 403, 404, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const before = complaintAdminResource(await service.byId(id));
      const after = complaintAdminResource(await service.answerComplaint(id, request.body.answer));
      auditChange(request, { entityType: 'complaint', entityId: id, before, after });
      reply.type(JSON_LD).header('cache-control', 'no-store');
      return after;
    },
  );

  app.get(
    '/admin/complaints/:id/attachments/:attachmentId',
    {
      config: access,
      schema: {
        summary: 'Download a file of a complaint',
        tags,
        params: attachmentParams,
        querystring: NO_QUERY,
        response: { 200: attachmentFileAnswer, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      return sendAttachment(reply, await service.anyAttachment(id, attachmentId));
    },
  );
};
