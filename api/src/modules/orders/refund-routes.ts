import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoute } from '../../auth';
import { errorAnswers } from '../../http/answer-schemas';
import { ApiError } from '../../http/problem';
import { NO_QUERY } from '../../http/route-schemas';
import { auditChange } from '../audit';
import type { OrderAccess } from './access';
import { refundAnswer } from './answers';
import type { OrderRefunds } from './refunds';

const keyParams = z.object({ key: z.string().min(1).max(64) });
const refundBody = z.strictObject({
  /** Default: all that is left of the payment. */
  amountCents: z.number().int().min(1).max(100_000_000).optional(),
  reason: z.string().trim().min(1, 'This value should not be blank.').max(500),
});

/**
 * POST /api/admin/orders/{key}/refunds {amountCents?, reason}: an administrator gives money back
 * (customer service and administrators: identity/index.ts checks the roles).
 */
export const refundRoutes: FastifyPluginAsync<{ refunds: OrderRefunds; access: OrderAccess }> = async (
  plain,
  { refunds, access },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/admin/orders/:key/refunds',
    {
      config: adminRoute('customer_service'),
      schema: {
        querystring: NO_QUERY,
        summary: 'Refund a paid order, wholly or in part (back office)',
        description:
          'Through the provider that took the payment; never more than is left of it. Without `amountCents`, ' +
          'all that is left. The refund is audited.',
        tags: ['Orders'],
        params: keyParams,
        body: refundBody,
        response: { 201: refundAnswer, ...errorAnswers(400, 401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const body = request.body;
      // The admin guard ran after routing: a principal with a role the route admits is here.
      if (!request.principal) throw new ApiError(401, 'Authentication required.');
      const admin = await access.user(request.principal);
      if (!admin) throw new ApiError(403, 'Access Denied.');
      const refund = await refunds.refund(key, body, admin.id);
      // The order's refund is new: nothing before it.
      auditChange(request, { entityType: 'order_refund', entityId: key, before: null, after: refund });
      return reply.code(201).send(refund);
    },
  );
};
