import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoute, type Principal } from '../../auth';
import { described, errorAnswers, hydraCollectionAnswer } from '../../http/answer-schemas';
import { hydraCollection, JSON_LD, linkQueryOf } from '../../http/hydra';
import { notFound } from '../../http/problem';
import { NO_BODY, NO_QUERY } from '../../http/route-schemas';
import { auditChange } from '../audit';
import { type LocationAdministration, locationWriteSchema, NETWORK_COUNTRIES } from './admin';
import { adminServiceLocationAnswer } from './answers';
import { LOCATION_ID, LOCATION_TYPES } from './location-record';
import { MAX_SEARCH_LENGTH, serviceLocationResource } from './routes';
import { searchTokens } from './search-text';
import type { ServiceLocation } from './service';

export interface AdminLocationRoutesOptions {
  administration: LocationAdministration;
}

const MAX_ITEMS_PER_PAGE = 100;

const pageParameter = (max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'This value should be a whole number.')
    .transform(Number)
    .pipe(z.number().min(1, 'This value should be 1 or more.').max(max, `This value should be ${max} or less.`));

const listQuery = z.strictObject({
  q: z
    .string()
    .max(MAX_SEARCH_LENGTH, `This value should have ${MAX_SEARCH_LENGTH} characters or less.`)
    .transform((value) => searchTokens(value))
    .optional(),
  countryCode: z.enum(NETWORK_COUNTRIES, { error: 'This value should be one of: LV, LT, EE.' }).optional(),
  type: z.enum(LOCATION_TYPES, { error: 'This value should be parcelLocker or postOffice.' }).optional(),
  status: z
    .enum(['active', 'retired', 'all'], { error: 'This value should be active, retired or all.' })
    .default('all'),
  itemsPerPage: pageParameter(MAX_ITEMS_PER_PAGE).default(20),
  page: pageParameter(100_000).default(1),
});

const itemParams = z.object({
  id: z.string().regex(LOCATION_ID, 'This value should be a location id such as "omniva-96331".'),
});

/** Who changed a place, as kept in its `source`. */
const administrator = (principal: Principal | null) => principal?.email ?? principal?.subject ?? 'unknown';

/** What the back office sees beyond the public resource: where the place came from and when it changed. */
function adminResource(location: ServiceLocation) {
  return {
    ...serviceLocationResource(location),
    '@id': `/api/admin/service_locations/${location.id}`,
    source: location.source,
    retiredAt: location.retiredAt?.toISOString() ?? null,
    updatedAt: location.updatedAt.toISOString(),
  };
}

/**
 * `/api/admin/service_locations` (issue 21): the identity module's guard lets only signed-in
 * product managers and administrators through (401 without a token, 403 without either role). Every change clears
 * the location cache of this process; other API processes see it within LOCATIONS_REVALIDATE_MS.
 */
const tags = ['Service locations'];

export const adminLocationRoutes: FastifyPluginAsync<AdminLocationRoutesOptions> = async (
  plain,
  { administration },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/service_locations',
    {
      config: adminRoute('product_manager'),
      schema: {
        summary: 'List the post offices and parcel lockers (back office)',
        description: 'Active, retired or all (`status`), searched by `q` and filtered by country and type.',
        tags,
        querystring: listQuery,
        response: {
          200: hydraCollectionAnswer(adminServiceLocationAnswer, 'One page of locations.'),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const paging = { page: query.page, itemsPerPage: query.itemsPerPage };
      const { items, totalItems } = await administration.list(
        { searchTokens: query.q, countryCode: query.countryCode, type: query.type, status: query.status },
        paging,
      );
      reply.type(JSON_LD);
      return hydraCollection({
        context: '/api/contexts/ServiceLocation',
        path: '/api/admin/service_locations',
        members: items.map(adminResource),
        totalItems,
        paging,
        query: linkQueryOf(request),
      });
    },
  );

  app.post(
    '/admin/service_locations',
    {
      config: adminRoute('product_manager'),
      schema: {
        summary: 'Add a post office or parcel locker',
        description: 'In Latvia, Lithuania or Estonia; its id is `admin-<random>`.',
        tags,
        querystring: NO_QUERY,
        body: locationWriteSchema,
        response: {
          201: described(adminServiceLocationAnswer, 'The place as stored; `Location` names it.'),
          ...errorAnswers(400, 401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      const created = await administration.create(request.body, administrator(request.principal));
      auditChange(request, {
        entityType: 'service_location',
        entityId: created.id,
        before: null,
        after: adminResource(created),
      });
      reply.code(201).type(JSON_LD).header('location', `/api/admin/service_locations/${created.id}`);
      return adminResource(created);
    },
  );

  app.get(
    '/admin/service_locations/:id',
    {
      config: adminRoute('product_manager'),
      schema: {
        summary: 'Read a post office or parcel locker (back office)',
        tags,
        params: itemParams,
        querystring: NO_QUERY,
        response: {
          200: described(adminServiceLocationAnswer, 'The place.'),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const found = await administration.find(id);
      if (!found) throw notFound(`Service location "${id}" not found.`);
      reply.type(JSON_LD);
      return adminResource(found);
    },
  );

  app.put(
    '/admin/service_locations/:id',
    {
      config: adminRoute('product_manager'),
      schema: {
        summary: 'Change a post office or parcel locker',
        description: 'Every field is replaced.',
        tags,
        params: itemParams,
        querystring: NO_QUERY,
        body: locationWriteSchema,
        response: {
          200: described(adminServiceLocationAnswer, 'The place as stored.'),
          ...errorAnswers(400, 401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const before = await administration.find(id);
      const updated = await administration.update(id, request.body, administrator(request.principal));
      if (!updated) throw notFound(`Service location "${id}" not found.`);
      auditChange(request, {
        entityType: 'service_location',
        entityId: id,
        before: before && adminResource(before),
        after: adminResource(updated),
      });
      reply.type(JSON_LD);
      return adminResource(updated);
    },
  );

  for (const [action, active, summary] of [
    ['retire', false, 'Retire a post office or parcel locker (it leaves the map; orders keep it)'],
    ['reactivate', true, 'Bring a retired post office or parcel locker back'],
  ] as const) {
    app.post(
      `/admin/service_locations/:id/${action}`,
      {
        config: adminRoute('product_manager'),
        schema: {
          summary,
          tags,
          params: itemParams,
          querystring: NO_QUERY,
          body: NO_BODY,
          response: {
            200: described(adminServiceLocationAnswer, 'The place as stored.'),
            ...errorAnswers(400, 401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const before = await administration.find(id);
        const changed = await administration.setActive(id, active);
        if (!changed) throw notFound(`Service location "${id}" not found.`);
        auditChange(request, {
          entityType: 'service_location',
          entityId: id,
          before: before && adminResource(before),
          after: adminResource(changed),
        });
        reply.type(JSON_LD);
        return adminResource(changed);
      },
    );
  }
};
