import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hydraCollectionAnswer, twinErrorAnswers } from '../../http/answer-schemas';
import { hydraCollection, JSON_LD, linkQueryOf } from '../../http/hydra';
import { placeAnswer } from './answers';
import { bundledGazetteer } from './gazetteer';
import { searchQuery } from './routes';

const MAX_PLACES = 50;

const placesQuery = z.strictObject({
  q: searchQuery,
  itemsPerPage: z
    .string()
    .regex(/^\d{1,3}$/, 'This value should be a whole number.')
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, 'This value should be 1 or more.')
        .max(MAX_PLACES, `This value should be ${MAX_PLACES} or less.`),
    )
    .default(10),
  page: z
    .string()
    .regex(/^\d{1,4}$/, 'This value should be a whole number.')
    .transform(Number)
    .pipe(z.number().min(1, 'This value should be 1 or more.'))
    .default(1),
});

/**
 * `GET /api/places?q=` (+ public twin): Latvian post codes, localities, parishes and municipalities
 * matching a search (gazetteer.ts), best first, for the map to move to where no place of the network
 * matches. Answered from memory.
 */
export const placeRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const errors = twinErrorAnswers(app);
  app.get(
    '/places',
    {
      schema: {
        summary: 'Find a Latvian place: post code, locality, parish or municipality',
        description:
          'Every word of `q` begins a word of the place’s name, areas or post codes (diacritics and case ignored); ' +
          'the place named exactly first. Coordinates are approximate. Data: GeoNames post codes (CC BY 4.0).',
        tags: ['Service locations'],
        querystring: placesQuery,
        response: { 200: hydraCollectionAnswer(placeAnswer, 'The best matching places.'), ...errors(400) },
      },
    },
    async (request, reply) => {
      const { q, itemsPerPage, page } = request.query;
      const { items, totalItems } = (await bundledGazetteer()).search(q, {
        offset: (page - 1) * itemsPerPage,
        limit: itemsPerPage,
      });
      reply.type(JSON_LD).header('cache-control', 'max-age=3600');
      return hydraCollection({
        context: '/api/contexts/Place',
        path: '/api/places',
        members: items.map((place) => ({ '@type': 'Place' as const, ...place })),
        totalItems,
        paging: { page, itemsPerPage },
        query: linkQueryOf(request),
      });
    },
  );
};
