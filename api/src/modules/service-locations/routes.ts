import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoute } from '../../auth';
import {
  described,
  errorAnswers,
  hydraCollectionAnswer,
  noContent,
  twinErrorAnswers,
  writtenBody,
} from '../../http/answer-schemas';
import { hydraCollection, JSON_LD, linkQueryOf } from '../../http/hydra';
import { notFound } from '../../http/problem';
import { NO_QUERY } from '../../http/route-schemas';
import { cacheClearAnswer, markersAnswer, serviceLocationAnswer } from './answers';
import { parseBoundingBox, parsePoint } from './bounding-box';
import { LOCATION_ID, LOCATION_TYPES, type LocationType } from './location-record';
import { parseOpeningHours } from './opening-hours';
import { searchTokens } from './search-text';
import type { ServiceLocation, ServiceLocationService } from './service';

export interface ServiceLocationRoutesOptions {
  service: ServiceLocationService;
}

const MAX_ITEMS_PER_PAGE = 500;
export const MAX_SEARCH_LENGTH = 100;

const positiveIntegerParameter = (max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'This value should be a whole number.')
    .transform(Number)
    .pipe(z.number().min(1, 'This value should be 1 or more.').max(max, `This value should be ${max} or less.`));

/** `LV,EE`: one or more values separated by commas, each checked by `item`. */
/** A search (`q`): at most MAX_SEARCH_LENGTH characters, read into its words; one the places' search and the gazetteer share. */
export const searchQuery = z
  .string()
  .max(MAX_SEARCH_LENGTH, `This value should have ${MAX_SEARCH_LENGTH} characters or less.`)
  .transform((value, context) => {
    const tokens = searchTokens(value);
    if (tokens.length > 0) return tokens;
    context.addIssue({ code: 'custom', message: 'This value should contain a letter or a digit.' });
    return z.NEVER;
  });

const listParameter = <Item>(item: z.ZodType<Item, string>) =>
  z
    .string()
    .max(200)
    .transform((value) => value.split(',').map((part) => part.trim()))
    .pipe(z.array(item).min(1));

const listQuery = z.strictObject({
  countryCode: listParameter(
    z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'This value should be a two-letter country code.')
      .transform((code) => code.toUpperCase()),
  ).optional(),
  type: listParameter(
    z.enum(LOCATION_TYPES, { error: `This value should be one of: ${LOCATION_TYPES.join(', ')}.` }),
  ).optional(),
  operator: listParameter(z.string().min(1, 'This value should not be blank.').max(100)).optional(),
  ownNetwork: z
    .enum(['true', 'false', '1', '0'], { error: 'This value should be true or false.' })
    .transform((value) => value === 'true' || value === '1')
    .optional(),
  pickUpOnly: z
    .enum(['true', 'false', '1', '0'], { error: 'This value should be true or false.' })
    .transform((value) => value === 'true' || value === '1')
    .optional(),
  bbox: z
    .string()
    .max(200)
    .transform((value, context) => {
      const parsed = parseBoundingBox(value);
      if (parsed.ok) return parsed.box;
      context.addIssue({ code: 'custom', message: parsed.message, params: { code: 'INVALID_BBOX' } });
      return z.NEVER;
    })
    .optional(),
  q: searchQuery.optional(),
  near: z
    .string()
    .max(100)
    .transform((value, context) => {
      const point = parsePoint(value);
      if (point) return point;
      context.addIssue({ code: 'custom', message: 'This value should be "latitude,longitude" in degrees.' });
      return z.NEVER;
    })
    .optional(),
  itemsPerPage: positiveIntegerParameter(MAX_ITEMS_PER_PAGE).default(30),
  page: positiveIntegerParameter(100_000).default(1),
});

const itemParams = z.object({
  id: z.string().regex(LOCATION_ID, 'This value should be a location id such as "omniva-96331".'),
});

/** The JSON-LD representation; opening hours both verbatim and, where readable, as a schedule. */
export function serviceLocationResource(location: ServiceLocation) {
  return {
    '@id': `/api/service_locations/${location.id}`,
    '@type': 'ServiceLocation' as const,
    id: location.id,
    countryCode: location.countryCode,
    // Stored through toRow (location-record.ts) or the back office's enum: always one of the types.
    type: location.type as LocationType,
    operator: location.operator,
    ownNetwork: location.ownNetwork,
    name: location.name,
    address: location.address,
    city: location.city,
    postCode: location.postCode,
    latitude: location.latitude,
    longitude: location.longitude,
    openingHours: location.openingHours,
    openingSchedule: parseOpeningHours(location.openingHours),
    pickUpOnly: location.pickUpOnly,
    active: location.active,
  };
}

/**
 * Each location's JSON (UTF-8), written once per row object: the list answers from the in-memory
 * snapshot (service.ts), whose rows live until the next reload, so a page of 100 (~75 KB) is copied
 * together rather than 100 resources built, stringified and encoded again: about 1,000 answers a
 * second become several thousand on this machine.
 */
const resourceJson = new WeakMap<ServiceLocation, Buffer>();

function memberJson(location: ServiceLocation): Buffer {
  let json = resourceJson.get(location);
  if (json === undefined) {
    json = Buffer.from(JSON.stringify(serviceLocationResource(location)));
    resourceJson.set(location, json);
  }
  return json;
}

const NO_MEMBERS = '"hydra:member":[]';
const COMMA = Buffer.from(',');

/** The collection as JSON with its members' stored JSON in place of the empty list. */
function collectionJson(collection: ReturnType<typeof hydraCollection>, items: ServiceLocation[]): Buffer {
  const json = JSON.stringify(collection);
  // The first occurrence: the member list precedes the view, whose links are URL-encoded anyway.
  const at = json.indexOf(NO_MEMBERS) + NO_MEMBERS.length - 1;
  const parts: Buffer[] = [Buffer.from(json.slice(0, at))];
  items.forEach((item, position) => {
    if (position > 0) parts.push(COMMA);
    parts.push(memberJson(item));
  });
  parts.push(Buffer.from(json.slice(at)));
  return Buffer.concat(parts);
}

const tags = ['Service locations'];

export const serviceLocationRoutes: FastifyPluginAsync<ServiceLocationRoutesOptions> = async (plain, { service }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const errors = twinErrorAnswers(app);

  app.get(
    '/service_locations',
    {
      schema: {
        summary: 'List post offices and parcel lockers',
        description:
          'Filter on countries, types and operators (lists separated by commas), `ownNetwork`, a bounding box ' +
          '(`bbox`), a search (`q`: each word begins a word of the name, address, city or post code; best match ' +
          'first), or order by distance from `near` (`latitude,longitude`).',
        tags,
        querystring: listQuery,
        response: {
          200: hydraCollectionAnswer(serviceLocationAnswer, 'One page of locations.'),
          ...errors(400),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const paging = { page: query.page, itemsPerPage: query.itemsPerPage };
      const { items, totalItems } = await service.list(
        {
          countryCodes: query.countryCode,
          types: query.type,
          operators: query.operator,
          ownNetwork: query.ownNetwork,
          pickUpOnly: query.pickUpOnly,
          box: query.bbox,
          searchTokens: query.q,
          near: query.near,
        },
        paging,
      );
      reply.type(JSON_LD);
      return reply.send(
        writtenBody(
          collectionJson(
            hydraCollection({
              context: '/api/contexts/ServiceLocation',
              path: '/api/service_locations',
              members: [],
              totalItems,
              paging,
              query: linkQueryOf(request),
            }),
            items,
          ),
        ),
      );
    },
  );

  app.get(
    '/service_locations/markers',
    {
      schema: {
        summary: 'Read every active location as a map marker',
        description: 'One light answer for the map; names and addresses come with one location’s details.',
        tags,
        querystring: NO_QUERY,
        response: {
          200: { description: markersAnswer.description, content: { 'application/json': { schema: markersAnswer } } },
          304: noContent('Not modified: the `ETag` sent in `If-None-Match` is current.'),
          ...errors(400),
        },
      },
    },
    async (request, reply) => {
      const cached = await service.markersPayload();
      reply
        .header('etag', cached.etag)
        .header('cache-control', 'max-age=300')
        .header('vary', 'accept-encoding')
        .type('application/json; charset=utf-8');
      if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send(writtenBody());
      // Compressed once when the cache is built (the gateway does not compress API answers).
      const accepted = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(writtenBody(cached.brotli));
      if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(writtenBody(cached.gzip));
      return reply.send(writtenBody(cached.json));
    },
  );

  app.get(
    '/service_locations/:id',
    {
      schema: {
        summary: 'Read a post office or parcel locker',
        tags,
        params: itemParams,
        querystring: NO_QUERY,
        response: {
          200: described(serviceLocationAnswer, 'The location.'),
          ...errors(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const location = await service.findById(id);
      if (!location) throw notFound(`Service location "${id}" not found.`);
      reply.type(JSON_LD);
      return reply.send(writtenBody(memberJson(location)));
    },
  );
};

/** `GET /api/service_locations/update_cache` (SPEC §6, §7): product managers and administrators, no public twin. */
export const serviceLocationCacheRoutes: FastifyPluginAsync<ServiceLocationRoutesOptions> = async (
  plain,
  { service },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/service_locations/update_cache',
    {
      config: adminRoute('product_manager'),
      schema: {
        summary: 'Clear the location cache',
        tags,
        querystring: NO_QUERY,
        response: { 200: cacheClearAnswer, ...errorAnswers(400, 401, 403) },
      },
    },
    async (_request, reply) => {
      service.clearCache();
      reply.type(JSON_LD);
      return { '@type': 'CacheClear' as const, cache: 'service_locations' as const, cleared: true as const };
    },
  );
};
