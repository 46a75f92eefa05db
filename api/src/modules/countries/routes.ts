import { countrySchema } from '@portal/shared-contracts/countries';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { described, hydraCollectionAnswer, twinErrorAnswers } from '../../http/answer-schemas';
import { hydraCollection, JSON_LD, linkQueryOf } from '../../http/hydra';
import { notFound } from '../../http/problem';
import { NO_QUERY } from '../../http/route-schemas';
import type { Country, CountryService } from './service';

export interface CountryRoutesOptions {
  service: CountryService;
}

const MAX_ITEMS_PER_PAGE = 300;

const booleanParameter = z
  .enum(['true', 'false', '1', '0'], { error: 'This value should be true or false.' })
  .transform((value) => value === 'true' || value === '1');

const positiveIntegerParameter = (max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'This value should be a whole number.')
    .transform(Number)
    .pipe(z.number().min(1, 'This value should be 1 or more.').max(max, `This value should be ${max} or less.`));

const groupNameParameter = z.string().min(1, 'This value should not be blank.');

// Strict: an unknown parameter is a caller's mistake (400), not something to ignore silently.
const listQuery = z.strictObject({
  active: booleanParameter.optional(),
  itemsPerPage: positiveIntegerParameter(MAX_ITEMS_PER_PAGE).default(MAX_ITEMS_PER_PAGE),
  page: positiveIntegerParameter().default(1),
  'groups.name': groupNameParameter.optional(),
  'groups.name[neq]': groupNameParameter.optional(),
});

const itemParams = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'This value should be a two-letter country code.')
    .transform((code) => code.toUpperCase()),
});

/** A country as answered: the shared contract's fields with their JSON-LD names. */
const countryAnswer = z.object({ '@id': z.string(), '@type': z.literal('Country'), ...countrySchema.shape });

/** The JSON-LD representation; `@id` is the canonical (non-public) path whichever twin answers. */
function countryResource(country: Country) {
  return {
    '@id': `/api/countries/${country.code}`,
    '@type': 'Country' as const,
    code: country.code,
    name: country.name,
    nameLv: country.nameLv,
    countryAliasNames: country.aliasNames,
    phonePrefix: country.phonePrefix,
    groups: country.groups.map((name) => ({ name })),
    active: country.active,
    type: country.type,
  };
}

export const countryRoutes: FastifyPluginAsync<CountryRoutesOptions> = async (plain, { service }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const tags = ['Countries'];
  const errors = twinErrorAnswers(app);

  app.get(
    '/countries',
    {
      config: { apiKeyScope: 'read' },
      schema: {
        summary: 'List the countries',
        description: 'Filter on `active`, on a group (`groups.name`) or on not being in one (`groups.name[neq]`).',
        tags,
        querystring: listQuery,
        response: {
          200: hydraCollectionAnswer(countryAnswer, 'One page of countries, in code order.'),
          ...errors(400),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const paging = { page: query.page, itemsPerPage: query.itemsPerPage };
      const { items, totalItems } = await service.list(
        { active: query.active, inGroup: query['groups.name'], notInGroup: query['groups.name[neq]'] },
        paging,
      );
      reply.type(JSON_LD);
      return hydraCollection({
        context: '/api/contexts/Country',
        path: '/api/countries',
        members: items.map(countryResource),
        totalItems,
        paging,
        query: linkQueryOf(request),
      });
    },
  );

  app.get(
    '/countries/:code',
    {
      config: { apiKeyScope: 'read' },
      schema: {
        summary: 'Read a country by its two-letter code',
        tags,
        params: itemParams,
        querystring: NO_QUERY,
        response: {
          200: described(countryAnswer, 'The country.'),
          ...errors(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      const country = await service.findByCode(code);
      if (!country) throw notFound(`Country "${code}" not found.`);
      reply.type(JSON_LD);
      return countryResource(country);
    },
  );
};
