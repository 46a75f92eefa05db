import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { requireAuthentication } from '../auth';

/**
 * Registers a module's routes twice (SPEC §7, DESIGN §5): under `/api` for signed-in callers,
 * who must authenticate, and under `/api/public` for anonymous ones. The routes plugin declares
 * its paths without prefix (`/countries`).
 */
export async function registerTwinRoutes<Options extends object>(
  app: FastifyInstance,
  routes: FastifyPluginAsync<Options>,
  options: Options,
): Promise<void> {
  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(routes, options);
    },
    { prefix: '/api' },
  );
  await app.register(routes, { ...options, prefix: '/api/public' });
}
