import type { FastifyPluginAsync } from 'fastify';
import { requireAuthentication } from '../../auth';
import type { CacheIndex } from '../../cache-index';
import { apiModule } from '../../http/api-module';
import { cacheRoutes } from './routes';

/** The cache index's routes (/api/admin/caches); the index itself is the composition root's. */
const cachesPlugin: FastifyPluginAsync<{ caches: CacheIndex }> = async (app, { caches }) => {
  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(cacheRoutes, { caches });
    },
    { prefix: '/api' },
  );
};

export const cachesModule = apiModule(cachesPlugin, { name: 'caches' });
