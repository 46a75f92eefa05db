import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { notFound } from '../../http/problem';
import { parseNoQuery, parseParams, parseQuery } from '../../http/validate';
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

/** The JSON-LD representation; `@id` is the canonical (non-public) path whichever twin answers. */
function countryResource(country: Country) {
  return {
    '@id': `/api/countries/${country.code}`,
    '@type': 'Country',
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

export const countryRoutes: FastifyPluginAsync<CountryRoutesOptions> = async (app, { service }) => {
  app.get('/countries', async (request, reply) => {
    const query = parseQuery(listQuery, request.query);
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
      // Valid by now: every parameter the schema accepts is a single string.
      query: request.query as Record<string, string>,
    });
  });

  app.get('/countries/:code', async (request, reply) => {
    parseNoQuery(request.query);
    const { code } = parseParams(itemParams, request.params);
    const country = await service.findByCode(code);
    if (!country) throw notFound(`Country "${code}" not found.`);
    reply.type(JSON_LD);
    return countryResource(country);
  });
};
