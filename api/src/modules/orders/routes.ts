import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { parseBody, parseNoQuery, parseParams, parseQuery } from '../../http/validate';
import { type BotCheckService, requireBotCheck } from '../bot-check';
import type { Caller } from './access';
import type { OrderDocuments } from './documents';
import { documentQuery, keyParams, listQuery, parseOrderBody, paymentBody, validateQuery } from './model';
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

/**
 * Orders (issue 5), registered twice (/api for signed-in callers, /api/public for visitors).
 * Writes (POST, PUT) pass the bot check unless the caller's identity is verified (SPEC §7).
 */
export const orderRoutes: FastifyPluginAsync<OrderRoutesOptions> = async (
  app,
  { service, payments, documents, botCheck },
) => {
  const botChecked = { preHandler: requireBotCheck(botCheck) };
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300 && reply.getHeader('content-type') === undefined) reply.type(JSON_LD);
    return payload;
  });

  app.get('/orders', async (request) => {
    const query = parseQuery(listQuery, request.query);
    const { members, total } = await service.list(callerOf(request), query);
    const path = request.principal ? '/api/orders' : '/api/public/orders';
    return hydraCollection({
      context: '/api/contexts/Order',
      path,
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

  app.post('/orders', botChecked, async (request, reply) => {
    parseNoQuery(request.query);
    const body = parseOrderBody(request.body);
    return reply.code(201).send(await service.create(callerOf(request), body));
  });

  app.post('/orders/validate', botChecked, async (request) => {
    const { type, order } = parseQuery(validateQuery, request.query);
    const body = parseOrderBody(request.body);
    return service.validate(body, type, callerOf(request), order);
  });

  app.get('/orders/:key', async (request) => {
    const { key } = parseParams(keyParams, request.params);
    return service.get(callerOf(request), key);
  });

  app.put('/orders/:key', botChecked, async (request) => {
    const { key } = parseParams(keyParams, request.params);
    const body = parseOrderBody(request.body);
    return service.update(callerOf(request), key, body);
  });

  app.post('/orders/:key/cancel', botChecked, async (request) => {
    const { key } = parseParams(keyParams, request.params);
    return service.cancel(callerOf(request), key);
  });

  app.delete('/orders/:key', async (request, reply) => {
    const { key } = parseParams(keyParams, request.params);
    await service.delete(callerOf(request), key);
    return reply.code(204).send();
  });

  app.post('/orders/:key/payments', botChecked, async (request, reply) => {
    const { key } = parseParams(keyParams, request.params);
    const { returnUrl } = parseBody(paymentBody, request.body ?? {});
    return reply.code(201).send(await payments.start(callerOf(request), key, returnUrl));
  });

  // Documents of a paid order (application/pdf); 422 'not in a printable status' before payment.
  app.get('/orders/:key/documents/label', async (request, reply) => {
    const { key } = parseParams(keyParams, request.params);
    const { format } = parseQuery(documentQuery, request.query);
    const pdf = await documents.labels(callerOf(request), key, format);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="label-${format}-${key.slice(0, 8)}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  app.get('/orders/:key/documents/customs', async (request, reply) => {
    const { key } = parseParams(keyParams, request.params);
    parseNoQuery(request.query);
    const { form, pdf } = await documents.customs(callerOf(request), key);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${form}-${key.slice(0, 8)}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
};
