import { MAX_DATABASE_ID } from '@portal/shared-contracts';
import { MAX_BULK_ORDER_LINES } from '@portal/shared-contracts/orders';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, noContent } from '../../http/answer-schemas';
import { JSON_LD } from '../../http/hydra';
import { unauthorized } from '../../http/problem';
import { NO_BODY, NO_QUERY } from '../../http/route-schemas';
import { accountAnswer, accountsAnswer, consentAnswer, saleAnswer, salesAnswer } from './answers';
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
    .array(z.number().int().positive().max(MAX_DATABASE_ID), { error: 'This value should be a list of sales.' })
    .min(1, 'This collection should contain 1 element or more.')
    .max(MAX_BULK_ORDER_LINES, `This collection should contain ${MAX_BULK_ORDER_LINES} elements or less.`)
    .refine((ids) => new Set(ids).size === ids.length, 'A sale is named twice.'),
});

function principalOf(request: FastifyRequest) {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

const collection = <Member>(id: string, members: Member[]) => ({
  '@context': '/api/contexts/Ebay',
  '@id': id,
  '@type': 'hydra:Collection' as const,
  'hydra:member': members,
  'hydra:totalItems': members.length,
});

const tags = ['eBay'];

/** Turns an eBay failure that escaped the service into its Hydra error (409 link again, 502 try later). */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw ebayProblem(error);
  }
}

/** /api/ebay/... (issue 15): signed-in users only, each their own accounts and sales; no public twin. */
export const ebayRoutes: FastifyPluginAsync<EbayRoutesOptions> = async (plain, { service }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300 && reply.getHeader('content-type') === undefined) reply.type(JSON_LD);
    return payload;
  });

  app.get(
    '/ebay/accounts',
    {
      schema: {
        summary: 'List the caller’s linked eBay accounts',
        tags,
        querystring: NO_QUERY,
        response: { 200: accountsAnswer('Every linked account, oldest first.'), ...errorAnswers(400, 401) },
      },
    },
    async (request) => collection('/api/ebay/accounts', await service.accounts(principalOf(request))),
  );

  app.post(
    '/ebay/accounts',
    {
      schema: {
        summary: 'Start linking an eBay account',
        description: 'Makes an unfinished link; the browser then goes to eBay’s consent page.',
        tags,
        querystring: NO_QUERY,
        body: nameBody,
        response: {
          201: consentAnswer('The unfinished link and eBay’s consent page.'),
          ...errorAnswers(400, 401, 404, 422, 503),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await guarded(() => service.startLink(principalOf(request), request.body.name))),
  );

  app.post(
    '/ebay/accounts/accepted',
    {
      schema: {
        summary: 'Complete a link with what eBay sent back',
        description:
          'The `state` and `code` (or `error`) eBay put in the return address, handed on by the accepted page.',
        tags,
        querystring: NO_QUERY,
        body: acceptedBody,
        response: {
          200: accountAnswer('The linked account (its sales are read with it).'),
          ...errorAnswers(400, 401, 404, 422, 502, 503),
        },
      },
    },
    async (request) => guarded(() => service.accept(principalOf(request), request.body)),
  );

  app.post(
    '/ebay/accounts/:id/consent',
    {
      schema: {
        body: NO_BODY,
        summary: 'Link an unfinished or revoked eBay account again',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        response: {
          200: consentAnswer('The account and eBay’s consent page.'),
          ...errorAnswers(400, 401, 404, 503),
        },
      },
    },
    async (request) => guarded(() => service.relink(principalOf(request), request.params.id)),
  );

  app.patch(
    '/ebay/accounts/:id',
    {
      schema: {
        summary: 'Rename a linked eBay account',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        body: nameBody,
        response: { 200: accountAnswer('The account as stored.'), ...errorAnswers(400, 401, 404, 422) },
      },
    },
    async (request) => service.rename(principalOf(request), request.params.id, request.body.name),
  );

  app.delete(
    '/ebay/accounts/:id',
    {
      schema: {
        summary: 'Unlink an eBay account (its tokens and sales go with it)',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        response: { 204: noContent('Unlinked.'), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(principalOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/ebay/sales',
    {
      schema: {
        summary: 'List the sales of the caller’s linked accounts',
        tags,
        querystring: NO_QUERY,
        response: { 200: salesAnswer('Every sale, newest first.'), ...errorAnswers(400, 401) },
      },
    },
    async (request) => collection('/api/ebay/sales', await service.sales(principalOf(request))),
  );

  app.post(
    '/ebay/sales/refresh',
    {
      schema: {
        body: NO_BODY,
        summary: 'Read the linked accounts’ sales from eBay again',
        description: 'An account eBay did not answer for says so in `importProblem`.',
        tags,
        querystring: NO_QUERY,
        response: {
          200: accountsAnswer('Every linked account, with its import time or problem.'),
          ...errorAnswers(400, 401),
        },
      },
    },
    async (request) => collection('/api/ebay/accounts', await guarded(() => service.refresh(principalOf(request)))),
  );

  app.get(
    '/ebay/sales/:id',
    {
      schema: {
        summary: 'Read a sale',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        response: { 200: saleAnswer('The sale.'), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => service.sale(principalOf(request), request.params.id),
  );

  app.post(
    '/ebay/sales/shipments',
    {
      schema: {
        summary: 'Make one order the shipment of several sales',
        description: 'Sale i becomes line i of the order, which must be the caller’s, unpaid and have that many lines.',
        tags,
        querystring: NO_QUERY,
        body: shipmentsBody,
        response: { 200: salesAnswer('The sales, prepared, in the order given.'), ...errorAnswers(400, 401, 404, 422) },
      },
    },
    async (request) => {
      const { order, sales } = request.body;
      return collection('/api/ebay/sales', await service.attachOrderLines(principalOf(request), order, sales));
    },
  );

  app.post(
    '/ebay/sales/:id/shipment',
    {
      schema: {
        summary: 'Make an order the shipment of a sale',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        body: shipmentBody,
        response: { 200: saleAnswer('The sale, prepared.'), ...errorAnswers(400, 401, 404, 422) },
      },
    },
    async (request) => service.attachOrder(principalOf(request), request.params.id, request.body.order),
  );
};
