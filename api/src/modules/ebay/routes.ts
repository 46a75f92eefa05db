import { MAX_BULK_ORDER_LINES } from '@portal/shared-contracts/orders';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { JSON_LD } from '../../http/hydra';
import { unauthorized } from '../../http/problem';
import { parseBody, parseNoQuery, parseParams } from '../../http/validate';
import type { EbayService } from './service';
import { ebayProblem } from './tokens';

export interface EbayRoutesOptions {
  service: EbayService;
}

const wholeNumber = z
  .string()
  .regex(/^\d{1,9}$/, 'This value should be a whole number.')
  .transform(Number);
const idParams = z.object({ id: wholeNumber });
const text = (max: number) => z.preprocess((value) => value ?? '', z.string().max(max, 'This value is too long.'));
const nameBody = z.strictObject({ name: text(200) });
// What eBay put in the return address, handed on by the accepted page.
const acceptedBody = z.strictObject({
  state: z.string().min(1, 'This value should not be blank.').max(200, 'This value is too long.'),
  code: z.string().max(2000, 'This value is too long.').optional(),
  error: z.string().max(200, 'This value is too long.').optional(),
});
const orderReference = z
  .string()
  .regex(/^(?:\/api\/orders\/)?[A-Za-z0-9_-]{10,64}$/, 'This value is not valid.')
  .transform((value) => value.replace(/^\/api\/orders\//, ''));
const shipmentBody = z.strictObject({ order: orderReference });
// Several sales shipped together (the bulk path): sale i is the order's line i.
const shipmentsBody = z.strictObject({
  order: orderReference,
  sales: z
    .array(z.number().int().positive(), { error: 'This value should be a list of sales.' })
    .min(1, 'This collection should contain 1 element or more.')
    .max(MAX_BULK_ORDER_LINES, `This collection should contain ${MAX_BULK_ORDER_LINES} elements or less.`)
    .refine((ids) => new Set(ids).size === ids.length, 'A sale is named twice.'),
});

function principalOf(request: FastifyRequest) {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

const collection = (id: string, members: unknown[]) => ({
  '@context': '/api/contexts/Ebay',
  '@id': id,
  '@type': 'hydra:Collection',
  'hydra:member': members,
  'hydra:totalItems': members.length,
});

/** Turns an eBay failure that escaped the service into its Hydra error (409 link again, 502 try later). */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw ebayProblem(error);
  }
}

/** /api/ebay/... (issue 15): signed-in users only, each their own accounts and sales; no public twin. */
export const ebayRoutes: FastifyPluginAsync<EbayRoutesOptions> = async (app, { service }) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300 && reply.getHeader('content-type') === undefined) reply.type(JSON_LD);
    return payload;
  });

  app.get('/ebay/accounts', async (request) => {
    parseNoQuery(request.query);
    return collection('/api/ebay/accounts', await service.accounts(principalOf(request)));
  });

  app.post('/ebay/accounts', async (request, reply) => {
    parseNoQuery(request.query);
    const { name } = parseBody(nameBody, request.body);
    return reply.code(201).send(await guarded(() => service.startLink(principalOf(request), name)));
  });

  app.post('/ebay/accounts/accepted', async (request) => {
    parseNoQuery(request.query);
    const body = parseBody(acceptedBody, request.body);
    return guarded(() => service.accept(principalOf(request), body));
  });

  app.post('/ebay/accounts/:id/consent', async (request) => {
    parseNoQuery(request.query);
    const { id } = parseParams(idParams, request.params);
    return guarded(() => service.relink(principalOf(request), id));
  });

  app.patch('/ebay/accounts/:id', async (request) => {
    parseNoQuery(request.query);
    const { id } = parseParams(idParams, request.params);
    const { name } = parseBody(nameBody, request.body);
    return service.rename(principalOf(request), id, name);
  });

  app.delete('/ebay/accounts/:id', async (request, reply) => {
    parseNoQuery(request.query);
    const { id } = parseParams(idParams, request.params);
    await service.remove(principalOf(request), id);
    return reply.code(204).send();
  });

  app.get('/ebay/sales', async (request) => {
    parseNoQuery(request.query);
    return collection('/api/ebay/sales', await service.sales(principalOf(request)));
  });

  app.post('/ebay/sales/refresh', async (request) => {
    parseNoQuery(request.query);
    return collection('/api/ebay/accounts', await guarded(() => service.refresh(principalOf(request))));
  });

  app.get('/ebay/sales/:id', async (request) => {
    parseNoQuery(request.query);
    const { id } = parseParams(idParams, request.params);
    return service.sale(principalOf(request), id);
  });

  app.post('/ebay/sales/shipments', async (request) => {
    parseNoQuery(request.query);
    const { order, sales } = parseBody(shipmentsBody, request.body);
    return collection('/api/ebay/sales', await service.attachOrderLines(principalOf(request), order, sales));
  });

  app.post('/ebay/sales/:id/shipment', async (request) => {
    parseNoQuery(request.query);
    const { id } = parseParams(idParams, request.params);
    const { order } = parseBody(shipmentBody, request.body);
    return service.attachOrder(principalOf(request), id, order);
  });
};
