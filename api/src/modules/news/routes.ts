import { newsItemSchema } from '@portal/shared-contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, hydraCollectionAnswer } from '../../http/answer-schemas';
import { hydraCollection, JSON_LD, linkQueryOf } from '../../http/hydra';
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

export const newsRoutes: FastifyPluginAsync<NewsRoutesOptions> = async (plain, { service }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/news',
    {
      schema: {
        summary: 'List the news shown now, newest first',
        description:
          'Each item carries both languages (texts and sanitised HTML), so a language switch needs no new call.',
        tags: ['News'],
        querystring: listQuery,
        // 401 only under /api (a token that does not verify); /api/public asks for none.
        response: { 200: hydraCollectionAnswer(newsItemSchema, 'One page of news.'), ...errorAnswers(400, 401) },
      },
    },
    async (request, reply) => {
      const paging = request.query;
      const { items, totalItems } = await service.list(paging);
      reply.type(JSON_LD);
      return hydraCollection({
        context: '/api/contexts/News',
        path: '/api/news',
        members: items,
        totalItems,
        paging,
        query: linkQueryOf(request),
      });
    },
  );
};
