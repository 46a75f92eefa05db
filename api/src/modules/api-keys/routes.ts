import { openEnum } from '@portal/shared-contracts';
import {
  API_KEY_MESSAGES,
  API_KEY_MODES,
  API_KEY_SCOPES,
  apiKeySchema,
  createdApiKeySchema,
  MAX_API_KEY_NAME,
} from '@portal/shared-contracts/account';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { described, errorAnswers, hydraCollectionAnswer } from '../../http/answer-schemas';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { unauthorized } from '../../http/problem';
import { NO_BODY, NO_QUERY } from '../../http/route-schemas';
import type { ApiKeyService } from './service';

const wholeNumber = z
  .string()
  .regex(/^\d{1,9}$/, 'This value should be a whole number.')
  .transform(Number);
const idParams = z.object({ id: wholeNumber });
const keyParams = z.object({ id: wholeNumber, keyId: wholeNumber });

const apiKeyCreate = z.strictObject({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(MAX_API_KEY_NAME, API_KEY_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: API_KEY_MESSAGES.scopeInvalid }), { error: API_KEY_MESSAGES.scopesRequired })
    .min(1, API_KEY_MESSAGES.scopesRequired)
    .max(API_KEY_SCOPES.length * 2, API_KEY_MESSAGES.scopeInvalid),
  mode: z
    .enum(API_KEY_MODES, { error: API_KEY_MESSAGES.scopeInvalid })
    .optional()
    .describe('`live` (the default) or `test`: a test key’s orders are the sandbox’s (`lvp_test_…`).'),
});

/** `GET /api/me` (issue 38 item 3). */
export const meSchema = z
  .object({
    '@id': z.literal('/api/me'),
    kind: z.enum(['api_key', 'user']).describe('An API key, or a signed-in user.'),
    account: z.string().nullable().describe('The company account (`/api/accounts/{id}`) the calls act for.'),
    scopes: z.array(openEnum(API_KEY_SCOPES)).describe('What the caller may call (a user: everything).'),
    mode: z.enum(['live', 'test']).describe('`test`: orders are the sandbox’s, never the post’s (test keys).'),
    apiKey: z.object({ '@id': z.string(), name: z.string(), prefix: z.string() }).nullable(),
    user: z.string().nullable(),
    role: z.string().nullable().describe('A user’s role in the account.'),
  })
  .meta({ id: 'Me' });

function principalOf(request: FastifyRequest) {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/**
 * A company account's API keys under /api/accounts/{id}/api_keys, for its main administrators only
 * (other members 403, anyone else 404). None of these routes accepts an API key itself: a key
 * cannot make or revoke keys.
 */
export const apiKeyRoutes: FastifyPluginAsync<{ service: ApiKeyService }> = async (plain, { service }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const tags = ['API keys'];

  app.get(
    '/accounts/:id/api_keys',
    {
      schema: {
        summary: 'List the API keys of a company account (its main administrators)',
        description:
          'Newest first, revoked ones included, each with its last use and its most recent uses (route, status, time). The keys themselves are never shown again.',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        response: {
          200: hydraCollectionAnswer(apiKeySchema, 'The account’s API keys.'),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const members = await service.list(principalOf(request), request.params.id);
      reply.type(JSON_LD);
      return hydraCollection({
        context: '/api/contexts/ApiKey',
        path: `/api/accounts/${request.params.id}/api_keys`,
        members,
        totalItems: members.length,
        paging: { page: 1, itemsPerPage: Math.max(1, members.length) },
        query: {},
      });
    },
  );

  app.post(
    '/accounts/:id/api_keys',
    {
      config: { idempotent: true },
      schema: {
        summary: 'Create an API key for a company account (its main administrators)',
        description:
          'Names the key and its scopes (`read`, `ship`, `track`, `webhooks`, `returns`). The answer carries the key in `key`: it is shown this once and stored only as a hash. Send it as `Authorization: Bearer lvp_live_…`.',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        body: apiKeyCreate,
        response: {
          201: described(createdApiKeySchema, 'The key, shown this once.'),
          ...errorAnswers(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .type(JSON_LD)
        .header('cache-control', 'no-store')
        .send(await service.create(principalOf(request), request.params.id, request.body)),
  );

  app.get(
    '/me',
    {
      config: { apiKeyAnyScope: true },
      schema: {
        summary: 'Who am I: the account, scopes and mode of the caller',
        description:
          'Any API key may call it, whatever its scopes: its company account, its scopes and its mode (`live`, ' +
          'or `test` for a test key). A signed-in user gets the account the call acts for (`x-account-id`) when ' +
          'they are its member, with their role.',
        tags: ['Account'],
        querystring: NO_QUERY,
        response: { 200: described(meSchema, 'The caller.'), ...errorAnswers(400, 401) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'private, no-store').send(await service.whoAmI(principalOf(request))),
  );

  app.post(
    '/accounts/:id/api_keys/:keyId/revoke',
    {
      schema: {
        body: NO_BODY,
        summary: 'Revoke an API key (its account’s main administrators)',
        description: 'Every call with the key answers 401 `API_KEY_REVOKED` from now on; the key stays listed.',
        tags,
        params: keyParams,
        querystring: NO_QUERY,
        response: {
          200: described(apiKeySchema, 'The key, revoked.'),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      reply.type(JSON_LD);
      return service.revoke(principalOf(request), request.params.id, request.params.keyId);
    },
  );
};
