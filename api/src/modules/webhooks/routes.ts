import {
  createdWebhookEndpointSchema,
  MAX_WEBHOOK_URL_LENGTH,
  webhookDeliverySchema,
  webhookEndpointSchema,
} from '@portal/shared-contracts/webhooks';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { described, errorAnswers, hydraCollectionAnswer, noContent } from '../../http/answer-schemas';
import { JSON_LD } from '../../http/hydra';
import { unauthorized } from '../../http/problem';
import { NO_BODY, NO_QUERY } from '../../http/route-schemas';
import type { WebhookService } from './service';

/** Management routes an API key with this scope may call (besides the account's main administrator). */
const API_KEY_ACCESS = { apiKeyScope: 'webhooks' } as const;

export interface WebhookRoutesOptions {
  webhooks: WebhookService;
}

const wholeNumber = z
  .string()
  .regex(/^\d{1,9}$/, 'This value should be a whole number.')
  .transform(Number);
const accountParams = z.object({ id: wholeNumber });
const endpointParams = z.object({ id: wholeNumber, endpointId: wholeNumber });
const deliveryParams = z.object({ id: wholeNumber, endpointId: wholeNumber, deliveryId: wholeNumber });
// The shared rules (webhookEndpointViolations) and the address check give the messages; this only shapes the body.
const createBody = z.strictObject({
  url: z.preprocess((value) => value ?? '', z.string().max(MAX_WEBHOOK_URL_LENGTH, 'This value is too long.')),
  events: z.preprocess((value) => value ?? [], z.array(z.string().max(100)).max(10, 'Too many values.')),
});

function principalOf(request: FastifyRequest) {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

const collection = <Member>(id: string, context: string, members: Member[]) => ({
  '@context': context,
  '@id': id,
  '@type': 'hydra:Collection' as const,
  'hydra:member': members,
  'hydra:totalItems': members.length,
});

const tags = ['Webhooks'];

/** /api/accounts/{id}/webhook_endpoints…: a company account's main administrator only, no public twin. */
export const webhookRoutes: FastifyPluginAsync<WebhookRoutesOptions> = async (plain, { webhooks }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300 && reply.getHeader('content-type') === undefined) reply.type(JSON_LD);
    return payload;
  });

  app.get(
    '/accounts/:id/webhook_endpoints',
    {
      config: API_KEY_ACCESS,
      schema: {
        summary: 'List the webhook endpoints of a company account',
        tags,
        params: accountParams,
        querystring: NO_QUERY,
        response: {
          200: hydraCollectionAnswer(
            webhookEndpointSchema,
            'Every endpoint of the account (at most 10), oldest first.',
          ),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const path = `/api/accounts/${id}/webhook_endpoints`;
      return collection(path, '/api/contexts/WebhookEndpoint', await webhooks.list(principalOf(request), id));
    },
  );

  app.post(
    '/accounts/:id/webhook_endpoints',
    {
      config: { ...API_KEY_ACCESS, idempotent: true },
      schema: {
        summary: 'Register a webhook endpoint: its URL and the events it is told of',
        description:
          'The answer carries the signing secret, shown this once. In production the URL must be https and its host must resolve to public addresses only.',
        tags,
        params: accountParams,
        querystring: NO_QUERY,
        body: createBody,
        response: {
          201: described(createdWebhookEndpointSchema, 'The endpoint with its signing secret (shown once).'),
          ...errorAnswers(400, 401, 403, 404, 409, 422, 429),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await webhooks.create(principalOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/accounts/:id/webhook_endpoints/:endpointId',
    {
      config: API_KEY_ACCESS,
      schema: {
        summary: 'Delete a webhook endpoint and its queued deliveries',
        tags,
        params: endpointParams,
        querystring: NO_QUERY,
        response: { 204: noContent('Deleted.'), ...errorAnswers(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { id, endpointId } = request.params;
      await webhooks.remove(principalOf(request), id, endpointId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/accounts/:id/webhook_endpoints/:endpointId/deliveries',
    {
      config: API_KEY_ACCESS,
      schema: {
        summary: 'The newest deliveries of a webhook endpoint with their attempts',
        tags,
        params: endpointParams,
        querystring: NO_QUERY,
        response: {
          200: hydraCollectionAnswer(webhookDeliverySchema, 'The newest 50 deliveries, newest first.'),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { id, endpointId } = request.params;
      const path = `/api/accounts/${id}/webhook_endpoints/${endpointId}/deliveries`;
      const members = await webhooks.deliveries(principalOf(request), id, endpointId);
      return collection(path, '/api/contexts/WebhookDelivery', members);
    },
  );

  app.post(
    '/accounts/:id/webhook_endpoints/:endpointId/deliveries/:deliveryId/resend',
    {
      config: API_KEY_ACCESS,
      schema: {
        body: NO_BODY,
        summary: 'Send a delivery’s event again',
        description: 'Queues the same event (same event id) as a new delivery, after what is pending for its shipment.',
        tags,
        params: deliveryParams,
        querystring: NO_QUERY,
        response: {
          202: described(webhookDeliverySchema, 'The new delivery, queued.'),
          ...errorAnswers(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { id, endpointId, deliveryId } = request.params;
      return reply.code(202).send(await webhooks.resend(principalOf(request), id, endpointId, deliveryId));
    },
  );
};
