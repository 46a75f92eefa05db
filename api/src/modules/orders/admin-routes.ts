import { adminOrderListItemSchema } from '@portal/shared-contracts/admin';
import { orderWriteSchema } from '@portal/shared-contracts/orders';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, adminRoute } from '../../auth';
import { described, errorAnswers, hydraCollectionAnswer } from '../../http/answer-schemas';
import { hydraCollection, linkQueryOf } from '../../http/hydra';
import { invalidInput } from '../../http/problem';
import { NO_QUERY } from '../../http/route-schemas';
import { auditChange } from '../audit';
import type { OrderAccess } from './access';
import { adminListQuery, cancelBody } from './admin-model';
import type { AdminOrderService } from './admin-service';
import { adminOrderAnswer } from './answers';
import { emptyBodyAsObject, keyParams } from './model';

const ACCOUNT_REQUIRED = 'Choose the client account the order is for.';
const tags = ['Orders'];

/**
 * The back office's orders (issue 14 item 3), for customer service and administrators (the
 * `orders` section of shared-contracts' ADMIN_SECTION_ROLES):
 * GET /api/admin/orders (search), GET /api/admin/orders/{key} (show), POST /api/admin/orders
 * (create for a client's account), PUT /api/admin/orders/{key} (edit an unfinished order),
 * POST /api/admin/orders/{key}/cancel {reason}. Every change writes an audit row with the order
 * before and after.
 */
export const adminOrderRoutes: FastifyPluginAsync<{ admin: AdminOrderService; access: OrderAccess }> = async (
  plain,
  { admin, access },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const config = adminRoute('customer_service');

  app.get(
    '/admin/orders',
    {
      config,
      schema: {
        summary: 'Search every client’s orders (back office)',
        description: 'By shipment number, client (e-mail or company name), account, status and creation date.',
        tags,
        querystring: adminListQuery,
        response: {
          200: hydraCollectionAnswer(adminOrderListItemSchema, 'One page of orders, newest first by default.'),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      const query = request.query;
      const { members, total } = await admin.list(query);
      return hydraCollection({
        context: '/api/contexts/Order',
        path: '/api/admin/orders',
        members,
        totalItems: total,
        paging: { page: query.page, itemsPerPage: query.rowsPerPage },
        query: linkQueryOf(request),
      });
    },
  );

  app.get(
    '/admin/orders/:key',
    {
      config,
      schema: {
        summary: 'Show a client’s order (back office)',
        tags,
        params: keyParams,
        querystring: NO_QUERY,
        response: {
          200: described(adminOrderAnswer, 'The order, its client, who created it and a cancellation’s reason.'),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => admin.get(request.params.key),
  );

  app.post(
    '/admin/orders',
    {
      config,
      schema: {
        summary: 'Create an order for a client’s account (back office)',
        description: '`account` is required. The client’s own rules of saving apply; the change is audited.',
        tags,
        querystring: NO_QUERY,
        body: orderWriteSchema,
        response: {
          201: described(adminOrderAnswer, 'The order as stored.'),
          ...errorAnswers(400, 401, 403, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const accountId = accountIdOf(body.account);
      if (accountId === null) {
        throw invalidInput(422, [{ propertyPath: 'account', message: ACCOUNT_REQUIRED, code: 'NOT_NULL' }]);
      }
      const created = await admin.create(body, accountId);
      auditChange(request, { entityType: 'order', entityId: created.key, before: null, after: created });
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/admin/orders/:key',
    {
      config,
      schema: {
        querystring: NO_QUERY,
        summary: 'Change a client’s unfinished order (back office)',
        description: 'Send the `version` read: a stale one answers 409. The change is audited.',
        tags,
        params: keyParams,
        body: orderWriteSchema,
        response: {
          200: described(adminOrderAnswer, 'The order as stored.'),
          ...errorAnswers(400, 401, 403, 404, 409, 422, 429),
        },
      },
    },
    async (request) => {
      const { key } = request.params;
      const before = await admin.get(key);
      const after = await admin.update(key, request.body);
      auditChange(request, { entityType: 'order', entityId: key, before, after });
      return after;
    },
  );

  app.post(
    '/admin/orders/:key/cancel',
    {
      config,
      // No body is an empty one: the missing reason is then a violation beside its field.
      preValidation: emptyBodyAsObject,
      schema: {
        querystring: NO_QUERY,
        summary: 'Cancel a client’s unfinished order with a reason (back office)',
        tags,
        params: keyParams,
        body: cancelBody,
        response: {
          200: described(adminOrderAnswer, 'The order, cancelled, with the reason.'),
          ...errorAnswers(400, 401, 403, 404, 422, 429),
        },
      },
    },
    async (request) => {
      const { key } = request.params;
      const { reason } = request.body;
      const before = await admin.get(key);
      // The admin guard let a signed-in back-office user through; `known` finds their row.
      const agent = request.principal ? await access.user(request.principal) : null;
      const after = await admin.cancel(key, reason, agent?.id ?? null);
      auditChange(request, { entityType: 'order', entityId: key, before, after });
      return after;
    },
  );
};
