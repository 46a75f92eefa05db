import { savedHsCodeSchema } from '@portal/shared-contracts/account';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { described, errorAnswers, noContent } from '../../http/answer-schemas';
import { JSON_LD } from '../../http/hydra';
import { unauthorized } from '../../http/problem';
import { NO_QUERY } from '../../http/route-schemas';
import type { SavedHsCodeService } from './saved';

export interface SavedHsCodeRoutesOptions {
  saved: SavedHsCodeService;
}

const wholeNumber = z
  .string()
  .regex(/^\d{1,9}$/, 'This value should be a whole number.')
  .transform(Number);
const accountParams = z.object({ id: wholeNumber });
const itemParams = z.object({ id: wholeNumber, itemId: wholeNumber });
// The shared rules (savedHsCodeViolations) give the messages; these only shape the bodies.
const text = (max: number) => z.preprocess((value) => value ?? '', z.string().max(max, 'This value is too long.'));
const createBody = z.strictObject({ code: text(32), description: text(1000) });
const updateBody = z.strictObject({ description: text(1000) });

function principalOf(request: FastifyRequest) {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** The list: one page, an account keeps at most MAX_SAVED_HS_CODES (no hydra:view). */
const savedListAnswer = z
  .object({
    '@context': z.string(),
    '@id': z.string(),
    '@type': z.literal('hydra:Collection'),
    'hydra:member': z.array(savedHsCodeSchema),
    'hydra:totalItems': z.int().nonnegative(),
  })
  .describe('Every code the account saved, by code.');

const tags = ['Goods codes (HS)'];

/** /api/accounts/{id}/saved_hs_codes (issue 13): signed-in members of the account only, no public twin. */
export const savedHsCodeRoutes: FastifyPluginAsync<SavedHsCodeRoutesOptions> = async (plain, { saved }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300 && reply.getHeader('content-type') === undefined) reply.type(JSON_LD);
    return payload;
  });

  app.get(
    '/accounts/:id/saved_hs_codes',
    {
      schema: {
        summary: 'List the goods codes an account saved',
        tags,
        params: accountParams,
        querystring: NO_QUERY,
        response: { 200: savedListAnswer, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const members = await saved.list(principalOf(request), id);
      // One page: an account keeps at most MAX_SAVED_HS_CODES.
      return {
        '@context': '/api/contexts/SavedHsCode',
        '@id': `/api/accounts/${id}/saved_hs_codes`,
        '@type': 'hydra:Collection' as const,
        'hydra:member': members,
        'hydra:totalItems': members.length,
      };
    },
  );

  app.post(
    '/accounts/:id/saved_hs_codes',
    {
      schema: {
        summary: 'Save a goods code with the account’s own description',
        tags,
        params: accountParams,
        querystring: NO_QUERY,
        body: createBody,
        response: {
          201: described(savedHsCodeSchema, 'The code as saved.'),
          ...errorAnswers(400, 401, 404, 422, 429),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await saved.create(principalOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/accounts/:id/saved_hs_codes/:itemId',
    {
      schema: {
        summary: 'Change the description of a saved goods code',
        tags,
        params: itemParams,
        querystring: NO_QUERY,
        body: updateBody,
        response: {
          200: described(savedHsCodeSchema, 'The code as saved.'),
          ...errorAnswers(400, 401, 404, 422, 429),
        },
      },
    },
    async (request) => {
      const { id, itemId } = request.params;
      return saved.update(principalOf(request), id, itemId, request.body);
    },
  );

  app.delete(
    '/accounts/:id/saved_hs_codes/:itemId',
    {
      schema: {
        summary: 'Remove a saved goods code',
        tags,
        params: itemParams,
        querystring: NO_QUERY,
        response: { 204: noContent('Removed.'), ...errorAnswers(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const { id, itemId } = request.params;
      await saved.remove(principalOf(request), id, itemId);
      return reply.code(204).send(null);
    },
  );
};
