import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { parseQuery } from '../../http/validate';
import type { NewsService } from './service';

export interface NewsRoutesOptions {
  service: NewsService;
}

/** The home page shows three cards; a longer list is never more than a page of twenty. */
export const DEFAULT_NEWS_PER_PAGE = 3;
const MAX_NEWS_PER_PAGE = 20;

const positiveInteger = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'This value should be a whole number.')
    .transform(Number)
    .pipe(z.number().min(1, 'This value should be 1 or more.').max(max, `This value should be ${max} or less.`));

// Strict: an unknown parameter is a caller's mistake (400), not something to ignore silently.
const listQuery = z.strictObject({
  itemsPerPage: positiveInteger(MAX_NEWS_PER_PAGE).default(DEFAULT_NEWS_PER_PAGE),
  page: positiveInteger(Number.MAX_SAFE_INTEGER).default(1),
});

export const newsRoutes: FastifyPluginAsync<NewsRoutesOptions> = async (app, { service }) => {
  app.get('/news', async (request, reply) => {
    const paging = parseQuery(listQuery, request.query);
    const { items, totalItems } = await service.list(paging);
    reply.type(JSON_LD);
    return hydraCollection({
      context: '/api/contexts/News',
      path: '/api/news',
      members: items,
      totalItems,
      paging,
      query: request.query as Record<string, string>,
    });
  });
};
