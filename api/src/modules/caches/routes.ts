import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoute } from '../../auth';
import type { CacheIndex } from '../../cache-index';
import { described, errorAnswers, hydraCollectionAnswer } from '../../http/answer-schemas';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { notFound } from '../../http/problem';
import { NO_BODY, NO_QUERY } from '../../http/route-schemas';
import { auditChange } from '../audit';

const nameParams = z.strictObject({
  name: z.string().regex(/^[a-z][a-z_]{0,63}$/, 'A cache name is lower-case Latin letters and underscores.'),
});

/** One in-memory cache as the back office lists it; `clearedAt` is null until it is cleared from here. */
const cacheAnswer = z.object({
  '@id': z.string(),
  '@type': z.literal('Cache'),
  name: z.string(),
  clearedAt: z.iso.datetime().nullable(),
});

const cacheResource = (cache: { name: string; clearedAt: Date | null }) => ({
  '@id': `/api/admin/caches/${cache.name}`,
  '@type': 'Cache' as const,
  name: cache.name,
  clearedAt: cache.clearedAt?.toISOString() ?? null,
});

const tags = ['Caches'];

/**
 * The back office's cache index (issue 14 item 9, settings; administrators only): every in-memory
 * cache of this API instance, when it was last cleared from here, and a clear for each.
 */
export const cacheRoutes: FastifyPluginAsync<{ caches: CacheIndex }> = async (plain, { caches }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/caches',
    {
      config: adminRoute(),
      schema: {
        summary: 'List the in-memory caches of this API instance',
        tags,
        querystring: NO_QUERY,
        response: {
          200: hydraCollectionAnswer(cacheAnswer, 'Every cache, with when it was last cleared from here.'),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (_request, reply) => {
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
    },
  );

  app.post(
    '/admin/caches/:name/clear',
    {
      config: adminRoute(),
      schema: {
        body: NO_BODY,
        summary: 'Clear one cache',
        tags,
        params: nameParams,
        querystring: NO_QUERY,
        response: {
          200: described(cacheAnswer, 'The cache, just cleared.'),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
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
    },
  );
};
