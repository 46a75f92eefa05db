import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { JSON_LD } from '../../http/hydra';
import { unauthorized } from '../../http/problem';
import { parseBody, parseNoQuery, parseParams } from '../../http/validate';
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

/** /api/accounts/{id}/saved_hs_codes (issue 13): signed-in members of the account only, no public twin. */
export const savedHsCodeRoutes: FastifyPluginAsync<SavedHsCodeRoutesOptions> = async (app, { saved }) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300 && reply.getHeader('content-type') === undefined) reply.type(JSON_LD);
    return payload;
  });

  app.get('/accounts/:id/saved_hs_codes', async (request) => {
    parseNoQuery(request.query);
    const { id } = parseParams(accountParams, request.params);
    const members = await saved.list(principalOf(request), id);
    // One page: an account keeps at most MAX_SAVED_HS_CODES.
    return {
      '@context': '/api/contexts/SavedHsCode',
      '@id': `/api/accounts/${id}/saved_hs_codes`,
      '@type': 'hydra:Collection',
      'hydra:member': members,
      'hydra:totalItems': members.length,
    };
  });

  app.post('/accounts/:id/saved_hs_codes', async (request, reply) => {
    parseNoQuery(request.query);
    const { id } = parseParams(accountParams, request.params);
    const body = parseBody(createBody, request.body);
    return reply.code(201).send(await saved.create(principalOf(request), id, body));
  });

  app.patch('/accounts/:id/saved_hs_codes/:itemId', async (request) => {
    parseNoQuery(request.query);
    const { id, itemId } = parseParams(itemParams, request.params);
    const body = parseBody(updateBody, request.body);
    return saved.update(principalOf(request), id, itemId, body);
  });

  app.delete('/accounts/:id/saved_hs_codes/:itemId', async (request, reply) => {
    parseNoQuery(request.query);
    const { id, itemId } = parseParams(itemParams, request.params);
    await saved.remove(principalOf(request), id, itemId);
    return reply.code(204).send();
  });
};
