import {
  orderListItemSchema,
  orderResourceSchema,
  orderWriteSchema,
  paymentAnswerSchema,
} from '@portal/shared-contracts/orders';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { described, fileAnswer, hydraCollectionAnswer, noContent, twinErrorAnswers } from '../../http/answer-schemas';
import { hydraCollection, JSON_LD, linkQueryOf } from '../../http/hydra';
import { NO_BODY, NO_QUERY } from '../../http/route-schemas';
import { type BotCheckService, requireBotCheck } from '../bot-check';
import { LABEL_FILES } from '../documents';
import type { Caller } from './access';
import { orderValidationAnswer } from './answers';
import type { OrderDocuments } from './documents';
import { documentQuery, emptyBodyAsObject, keyParams, listQuery, paymentBody, validateQuery } from './model';
import type { OrderPayments } from './payment-service';
import type { OrderService } from './service';

export interface OrderRoutesOptions {
  service: OrderService;
  payments: OrderPayments;
  documents: OrderDocuments;
  botCheck: BotCheckService;
}

/** The caller and the account they act for (read once into the principal: auth/index.ts). */
function callerOf(request: FastifyRequest): Caller {
  return { principal: request.principal, accountId: request.principal?.accountId ?? null };
}

const tags = ['Orders'];
const orderAnswer = orderResourceSchema;
const PDF = 'application/pdf';

const sendFile = (reply: FastifyReply, type: string, fileName: string, bytes: Buffer) =>
  reply
    .type(type)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(bytes);

/**
 * Orders (issue 5), registered twice (/api for signed-in callers, /api/public for visitors).
 * Writes (POST, PUT) pass the bot check unless the caller's identity is verified (SPEC §7).
 */
export const orderRoutes: FastifyPluginAsync<OrderRoutesOptions> = async (
  plain,
  { service, payments, documents, botCheck: botCheckService },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // Before validation, as when the handlers parsed their input: a write without a bot check is 403
  // whatever its body, and a token is spent by a write that then fails its checks.
  const botCheck = requireBotCheck(botCheckService);
  const botChecked = { preValidation: botCheck };
  const errors = twinErrorAnswers(app);
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300 && reply.getHeader('content-type') === undefined) reply.type(JSON_LD);
    return payload;
  });

  app.get(
    '/orders',
    {
      config: { apiKeyScope: 'read' },
      schema: {
        summary: 'List my orders, one row per shipment (order line)',
        description:
          'The lines of the active account (or of `account`), newest first, filtered by receiver name or ' +
          'shipment number, country, statuses and creation date (Riga days). Visitors get an empty list.',
        tags,
        querystring: listQuery,
        response: {
          200: hydraCollectionAnswer(orderListItemSchema, 'One page of order lines.'),
          ...errors(400, 403, 422),
        },
      },
    },
    async (request) => {
      const query = request.query;
      const { members, total, totalCapped } = await service.list(callerOf(request), query);
      const path = request.principal ? '/api/orders' : '/api/public/orders';
      return hydraCollection({
        context: '/api/contexts/Order',
        path,
        members,
        totalItems: total,
        totalCapped,
        paging: { page: query.page, itemsPerPage: query.rowsPerPage },
        query: linkQueryOf(request),
      });
    },
  );

  app.post(
    '/orders',
    {
      config: { apiKeyScope: 'ship', idempotent: true },
      ...botChecked,
      schema: {
        summary: 'Create an order (the wizard’s first save)',
        description: 'Shape only is required here; the SPEC rules of the steps up to `step` are checked (422).',
        tags,
        querystring: NO_QUERY,
        body: orderWriteSchema,
        response: {
          201: described(orderAnswer, 'The order as stored, priced when it can be.'),
          ...errors(400, 403, 409, 422, 429),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(callerOf(request), request.body)),
  );

  app.post(
    '/orders/validate',
    {
      config: { apiKeyScope: 'ship' },
      ...botChecked,
      schema: {
        summary: 'Check an order against the rules without saving it',
        description:
          'The rules of the steps up to the body’s `step` (all by default), or of the content step alone with ' +
          '`type=content`; `order` names the saved order the body is a new version of. Failing rules answer 422.',
        tags,
        querystring: validateQuery,
        body: orderWriteSchema,
        response: { 200: orderValidationAnswer, ...errors(400, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      const { type, order } = request.query;
      return service.validate(request.body, type, callerOf(request), order);
    },
  );

  app.get(
    '/orders/:key',
    {
      config: { apiKeyScope: 'read' },
      schema: {
        querystring: NO_QUERY,
        summary: 'Read an order',
        tags,
        params: keyParams,
        response: { 200: described(orderAnswer, 'The order.'), ...errors(400, 404) },
      },
    },
    async (request) => service.get(callerOf(request), request.params.key),
  );

  app.put(
    '/orders/:key',
    {
      config: { apiKeyScope: 'ship' },
      ...botChecked,
      schema: {
        querystring: NO_QUERY,
        summary: 'Change an unfinished order',
        description: 'Send the `version` read: a stale one answers 409.',
        tags,
        params: keyParams,
        body: orderWriteSchema,
        response: {
          200: described(orderAnswer, 'The order as stored.'),
          ...errors(400, 403, 404, 409, 422, 429),
        },
      },
    },
    async (request) => service.update(callerOf(request), request.params.key, request.body),
  );

  app.post(
    '/orders/:key/cancel',
    {
      config: { apiKeyScope: 'ship' },
      ...botChecked,
      schema: {
        querystring: NO_QUERY,
        body: NO_BODY,
        summary: 'Cancel an unfinished order',
        tags,
        params: keyParams,
        response: {
          200: described(orderAnswer, 'The order, cancelled.'),
          ...errors(400, 403, 404, 422, 429),
        },
      },
    },
    async (request) => service.cancel(callerOf(request), request.params.key),
  );

  app.delete(
    '/orders/:key',
    {
      config: { apiKeyScope: 'ship' },
      schema: {
        querystring: NO_QUERY,
        summary: 'Delete an unfinished or cancelled order',
        tags,
        params: keyParams,
        response: { 204: noContent('Deleted.'), ...errors(400, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      await service.delete(callerOf(request), request.params.key);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/orders/:key/payments',
    {
      config: { apiKeyScope: 'ship', idempotent: true },
      // No body is an empty one: the return URL is optional.
      preValidation: [botCheck, emptyBodyAsObject],
      schema: {
        querystring: NO_QUERY,
        summary: 'Start paying an order at the payment provider',
        description:
          'The body is optional: `returnUrl` is where the provider sends the browser back (`{paymentResult}` is ' +
          'replaced by success, failed or cancelled). `method: invoice` puts a company account’s order on the ' +
          'company’s invoice: it is paid at once (`paid: true`) and its labels can be fetched.',
        tags,
        params: keyParams,
        body: paymentBody,
        response: {
          201: described(paymentAnswerSchema, 'Where to send the browser: the provider’s payment page.'),
          ...errors(400, 403, 404, 409, 422, 429),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await payments.start(callerOf(request), request.params.key, request.body.returnUrl, request.body.method)),
  );

  // Documents of a paid order; 422 'not in a printable status' before payment.
  app.get(
    '/orders/:key/documents/label',
    {
      config: { apiKeyScope: 'ship' },
      schema: {
        summary: 'Download the shipping labels of a paid order (PDF or ZPL)',
        description:
          '`format`: A6 (PDF, one label per page), A4 (PDF, four A6 labels per page) or zpl (ZPL II, one ' +
          '100 × 150 mm label at 203 dpi per shipment, for thermal printers). Without it, the format the ' +
          'account chose as its default (`labelFormat` of the account), A6 for visitors.',
        tags,
        params: keyParams,
        querystring: documentQuery,
        response: {
          200: fileAnswer(
            // ZPL is sent as UTF-8 text (`text/plain; charset=utf-8`).
            [PDF, 'text/plain'],
            'A6 or A4 PDF (one label per page, or four per A4 page), or a .zpl file with one ^XA…^XZ label per shipment.',
          ),
          ...errors(400, 404, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const { format, file } = await documents.labels(callerOf(request), key, request.query.format);
      const { contentType, extension } = LABEL_FILES[format];
      return sendFile(reply, contentType, `label-${format}-${key.slice(0, 8)}.${extension}`, file);
    },
  );

  app.get(
    '/orders/:key/documents/customs',
    {
      config: { apiKeyScope: 'ship' },
      schema: {
        summary: 'Download the customs declaration of a paid order (CN 22 or CN 23, PDF)',
        tags,
        params: keyParams,
        querystring: NO_QUERY,
        response: {
          200: fileAnswer(PDF, 'The declaration of every shipment that needs one.'),
          ...errors(400, 404, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const { form, pdf } = await documents.customs(callerOf(request), key);
      return sendFile(reply, PDF, `${form}-${key.slice(0, 8)}.pdf`, pdf);
    },
  );
};
