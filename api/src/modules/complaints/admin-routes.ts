import { COMPLAINT_STATUSES, COMPLAINT_TYPES, REFUND_DECISIONS } from '@portal/shared-contracts/complaints';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { adminRoute } from '../../auth';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { parseBody, parseNoQuery, parseParams, parseQuery } from '../../http/validate';
import { auditChange } from '../audit';
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
    '@type': 'Complaint',
    id: row.id,
    submissionNumber: row.submissionNumber,
    type: row.type,
    fullName: row.fullName,
    email: row.email,
    shipmentNumber: row.shipmentNumber,
    status: row.status,
    refundDecision: row.refundDecision,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/**
 * The back office's side of complaints (SPEC §2 admin "submissions: complaints"). Every route under
 * /api/admin is the back office's: these admit customer service and administrators (identity/index.ts
 * checks them after routing).
 */
export const complaintAdminRoutes: FastifyPluginAsync<{ service: ComplaintService }> = async (app, { service }) => {
  // The queue: filters (status, refund decision, type, text), oldest first by default, paged on the server.
  app.get('/admin/complaints', { config: adminRoute('customer_service') }, async (request, reply) => {
    const query = parseQuery(queueQuery, request.query);
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
      query: request.query as Record<string, string>,
    });
  });

  // PATCH {status?, refundDecision?}: the complaint's handling; answering is its own route (e-mail).
  app.patch('/admin/complaints/:id', { config: adminRoute('customer_service') }, async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    parseNoQuery(request.query);
    const body = parseBody(handlingBody, request.body);
    const before = complaintAdminResource(await service.byId(id));
    const after = complaintAdminResource(await service.handle(id, body));
    auditChange(request, { entityType: 'complaint', entityId: id, before, after });
    reply.type(JSON_LD).header('cache-control', 'no-store');
    return after;
  });

  app.get('/admin/complaints/:id', { config: adminRoute('customer_service') }, async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    parseNoQuery(request.query);
    reply.type(JSON_LD).header('cache-control', 'no-store');
    return complaintAdminResource(await service.byId(id));
  });

  // POST {answer}: the complaint is answered and the complainant gets the answer by e-mail.
  app.post('/admin/complaints/:id/answer', { config: adminRoute('customer_service') }, async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    parseNoQuery(request.query);
    const { answer } = parseBody(answerBody, request.body);
    const before = complaintAdminResource(await service.byId(id));
    const after = complaintAdminResource(await service.answerComplaint(id, answer));
    auditChange(request, { entityType: 'complaint', entityId: id, before, after });
    reply.type(JSON_LD).header('cache-control', 'no-store');
    return after;
  });

  app.get(
    '/admin/complaints/:id/attachments/:attachmentId',
    { config: adminRoute('customer_service') },
    async (request, reply) => {
      const { id, attachmentId } = parseParams(attachmentParams, request.params);
      parseNoQuery(request.query);
      return sendAttachment(reply, await service.anyAttachment(id, attachmentId));
    },
  );
};
