import type { FastifyPluginAsync } from 'fastify';
import { accountIdOf, adminRoute } from '../../auth';
import { hydraCollection } from '../../http/hydra';
import { invalidInput } from '../../http/problem';
import { parseBody, parseNoQuery, parseParams, parseQuery } from '../../http/validate';
import { auditChange } from '../audit';
import type { OrderAccess } from './access';
import { adminListQuery, cancelBody } from './admin-model';
import type { AdminOrderService } from './admin-service';
import { keyParams, parseOrderBody } from './model';

const ACCOUNT_REQUIRED = 'Choose the client account the order is for.';

/**
 * The back office's orders (issue 14 item 3), for customer service and administrators (the
 * `orders` section of shared-contracts' ADMIN_SECTION_ROLES):
 * GET /api/admin/orders (search), GET /api/admin/orders/{key} (show), POST /api/admin/orders
 * (create for a client's account), PUT /api/admin/orders/{key} (edit an unfinished order),
 * POST /api/admin/orders/{key}/cancel {reason}. Every change writes an audit row with the order
 * before and after.
 */
export const adminOrderRoutes: FastifyPluginAsync<{ admin: AdminOrderService; access: OrderAccess }> = async (
  app,
  { admin, access },
) => {
  const route = { config: adminRoute('customer_service') };

  app.get('/admin/orders', route, async (request) => {
    const query = parseQuery(adminListQuery, request.query);
    const { members, total } = await admin.list(query);
    return hydraCollection({
      context: '/api/contexts/Order',
      path: '/api/admin/orders',
      members,
      totalItems: total,
      paging: { page: query.page, itemsPerPage: query.rowsPerPage },
      query: Object.fromEntries(
        Object.entries(request.query as Record<string, unknown>).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      ),
    });
  });

  app.get('/admin/orders/:key', route, async (request) => {
    const { key } = parseParams(keyParams, request.params);
    parseNoQuery(request.query);
    return admin.get(key);
  });

  app.post('/admin/orders', route, async (request, reply) => {
    parseNoQuery(request.query);
    const body = parseOrderBody(request.body);
    const accountId = accountIdOf(body.account);
    if (accountId === null) {
      throw invalidInput(422, [{ propertyPath: 'account', message: ACCOUNT_REQUIRED, code: 'NOT_NULL' }]);
    }
    const created = await admin.create(body, accountId);
    auditChange(request, { entityType: 'order', entityId: created.key, before: null, after: created });
    return reply.code(201).send(created);
  });

  app.put('/admin/orders/:key', route, async (request) => {
    const { key } = parseParams(keyParams, request.params);
    const body = parseOrderBody(request.body);
    const before = await admin.get(key);
    const after = await admin.update(key, body);
    auditChange(request, { entityType: 'order', entityId: key, before, after });
    return after;
  });

  app.post('/admin/orders/:key/cancel', route, async (request) => {
    const { key } = parseParams(keyParams, request.params);
    const { reason } = parseBody(cancelBody, request.body ?? {});
    const before = await admin.get(key);
    // The admin guard let a signed-in back-office user through; `known` finds their row.
    const agent = request.principal ? await access.user(request.principal) : null;
    const after = await admin.cancel(key, reason, agent?.id ?? null);
    auditChange(request, { entityType: 'order', entityId: key, before, after });
    return after;
  });
};
