import { API_KEY_CODES, API_KEY_MESSAGES } from '@portal/shared-contracts/account';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { requireAuthentication } from '../../auth';
import { ApiError } from '../../http/problem';
import { apiKeyRoutes } from './routes';
import type { ApiKeyService } from './service';

export { trimApiKeyUses } from './retention';
export { ApiKeyService, keyPrincipal } from './service';

export interface ApiKeysModuleOptions {
  /** Built by the composition root: the app's token verifier checks keys with it too. */
  service: ApiKeyService;
}

const refused = (kind: 'notAllowed' | 'scopeMissing') =>
  new ApiError(403, API_KEY_MESSAGES[kind], [
    { propertyPath: '', message: API_KEY_MESSAGES[kind], code: API_KEY_CODES[kind] },
  ]);

/**
 * A company's API keys (issue 20 item 2): the key management routes, and for every route of every
 * module the key gate: a call made with a key reaches only routes that declare
 * `config: { apiKeyScope }`, and only with that scope; each such call is logged and recorded.
 */
const plugin: FastifyPluginAsync<ApiKeysModuleOptions> = async (app, { service }) => {
  // After every onRequest hook (the route's authentication has set the principal) and before the
  // input is validated: a key refused here learns nothing of the route's input rules.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const key = request.principal?.apiKey;
    if (!key) return;
    const { apiKeyScope: scope, apiKeyAnyScope } = request.routeOptions.config ?? {};
    if (apiKeyAnyScope) return;
    if (!scope) throw refused('notAllowed');
    if (!key.scopes.includes(scope)) throw refused('scopeMissing');
  });

  // Every answer to a key's call, refused ones too: a line in the log and a row the main
  // administrator sees. A failure to record is logged and never changes the answer.
  app.addHook('onResponse', async (request, reply) => {
    const key = request.principal?.apiKey;
    if (!key) return;
    const use = { method: request.method, route: request.routeOptions.url ?? 'unknown', status: reply.statusCode };
    request.log.info({ apiKeyId: key.id, ...use }, 'api key call');
    await service
      .recordUse(key.id, { ...use, elapsedMs: reply.elapsedTime })
      .catch((error: unknown) => request.log.error({ err: error, apiKeyId: key.id }, 'api key use not recorded'));
  });

  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(apiKeyRoutes, { service });
    },
    { prefix: '/api' },
  );
};

// Not encapsulated (fastify-plugin), so that the key gate applies to the routes of every module.
export const apiKeysModule = fastifyPlugin(plugin, { name: 'api-keys' });
