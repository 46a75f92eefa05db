import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { adminRoute } from '../../auth';
import type { CacheIndex } from '../../cache-index';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { notFound } from '../../http/problem';
import { parseNoQuery, parseParams } from '../../http/validate';
import { auditChange } from '../audit';

const nameParams = z.strictObject({
  name: z.string().regex(/^[a-z][a-z_]{0,63}$/, 'A cache name is lower-case Latin letters and underscores.'),
});

const cacheResource = (cache: { name: string; clearedAt: Date | null }) => ({
  '@id': `/api/admin/caches/${cache.name}`,
  '@type': 'Cache',
  name: cache.name,
  clearedAt: cache.clearedAt?.toISOString() ?? null,
});

/**
 * The back office's cache index (issue 14 item 9, settings; administrators only): every in-memory
 * cache of this API instance, when it was last cleared from here, and a clear for each.
 */
export const cacheRoutes: FastifyPluginAsync<{ caches: CacheIndex }> = async (app, { caches }) => {
  app.get('/admin/caches', { config: adminRoute() }, async (request, reply) => {
    parseNoQuery(request.query);
    const members = caches.list().map(cacheResource);
    reply.type(JSON_LD).header('cache-control', 'no-store');
    return hydraCollection({
      context: '/api/contexts/Cache',
      path: '/api/admin/caches',
      members,
      totalItems: members.length,
      paging: { page: 1, itemsPerPage: Math.max(members.length, 1) },
      query: {},
    });
  });

  app.post('/admin/caches/:name/clear', { config: adminRoute() }, async (request, reply) => {
    const { name } = parseParams(nameParams, request.params);
    parseNoQuery(request.query);
    const before = caches.list().find((cache) => cache.name === name);
    if (!before || !caches.clear(name)) throw notFound('Cache not found.');
    const after = caches.list().find((cache) => cache.name === name) ?? before;
    auditChange(request, {
      entityType: 'cache',
      entityId: name,
      before: cacheResource(before),
      after: cacheResource(after),
    });
    reply.type(JSON_LD).header('cache-control', 'no-store');
    return cacheResource(after);
  });
};
