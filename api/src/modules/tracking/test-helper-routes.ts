import { ORDER_MESSAGES } from '@portal/shared-contracts/orders';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuthentication } from '../../auth';
import type { Orm } from '../../db';
import { described, errorAnswers } from '../../http/answer-schemas';
import { ApiError, notFound } from '../../http/problem';
import { NO_BODY, NO_QUERY } from '../../http/route-schemas';
import { testOrderOf } from '../orders';
import type { TrackingService } from './service';

export const TEST_HELPER_MESSAGES = {
  testKeyOnly: 'Test helpers take a test API key (lvp_test_…).',
  notPaid: 'The order is not paid yet: pay it first.',
} as const;

const advanceAnswer = z
  .object({
    '@id': z.string().describe('The order (`/api/orders/{key}`).'),
    shipments: z.array(
      z.object({
        shipmentNumber: z.string(),
        scanned: z.string().nullable().describe('The tracking event code just scanned; null once delivered.'),
      }),
    ),
  })
  .meta({ id: 'TestAdvanceResult' });

/**
 * `POST /api/test_helpers/orders/{key}/advance` (issue 38): moves every shipment of a test key's
 * paid test-mode order one step along its journey, as the network's scans would, so that the
 * integrator sees each status and each `shipment.status_changed` webhook before going live.
 */
export const testHelperRoutes: FastifyPluginAsync<{ service: TrackingService; orm: Orm; now: () => Date }> = async (
  plain,
  { service, orm, now },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireAuthentication);
  app.post(
    '/test_helpers/orders/:key/advance',
    {
      config: { apiKeyScope: 'ship' },
      schema: {
        summary: 'Test mode: move a test order’s shipments one step (accepted, sorted, in transit, …, delivered)',
        description:
          'Only with a test key (`lvp_test_…`) and only for its own paid test-mode orders: each call scans every ' +
          'shipment once more, as the post’s network would, and sends the `shipment.status_changed` webhooks. ' +
          'Call it until `scanned` is null (delivered).',
        tags: ['Test mode'],
        params: z.object({ key: z.string().min(1).max(64) }),
        querystring: NO_QUERY,
        body: NO_BODY,
        response: {
          200: described(advanceAnswer, 'What each shipment was scanned as.'),
          ...errorAnswers(401, 403, 404, 422, 429),
        },
      },
    },
    async (request) => {
      const principal = request.principal;
      if (principal?.apiKey?.mode !== 'test' || principal.accountId === null) {
        const message = TEST_HELPER_MESSAGES.testKeyOnly;
        throw new ApiError(403, message, [{ propertyPath: '', message, code: 'TEST_MODE_ONLY' }]);
      }
      const order = await testOrderOf(orm, principal.accountId, request.params.key);
      if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
      if (order.status !== 'paid') {
        const message = TEST_HELPER_MESSAGES.notPaid;
        throw new ApiError(422, message, [{ propertyPath: '', message, code: 'ORDER_NOT_PAID' }]);
      }
      const moved = await service.advanceTestOrder(order.id, now());
      return {
        '@id': `/api/orders/${order.key}`,
        shipments: moved.map(({ number, code }) => ({ shipmentNumber: number, scanned: code })),
      };
    },
  );
};
