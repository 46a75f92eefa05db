import { isValidS10 } from '@portal/shared-contracts/s10';
import {
  MAX_TRACKING_NUMBERS,
  shipmentInProgressSchema,
  trackingAnswerSchema,
} from '@portal/shared-contracts/tracking';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MACHINE_CLIENTS } from '../../auth';
import { described, errorAnswers } from '../../http/answer-schemas';
import { acceptedLocale } from '../../http/locale';
import { ApiError, invalidInput, unauthorized } from '../../http/problem';
import { NO_QUERY } from '../../http/route-schemas';
import { MAX_IN_PROGRESS } from './in-progress';
import { MAX_BATCH_EVENTS, trackingBatchInput } from './ingest-model';
import type { TrackingService } from './service';

/** The OAuth scope a sorting or delivery system's token must carry to post scan events. */
export const TRACKING_INGEST_SCOPE = 'tracking:ingest';
const FORBIDDEN_SCOPE = `Access denied: the token lacks the ${TRACKING_INGEST_SCOPE} scope.`;

export interface TrackingRoutesOptions {
  service: TrackingService;
}

const numberParams = z.strictObject({ number: z.string().max(64) });
const numbersQuery = z.strictObject({ numbers: z.string().max(64 * MAX_TRACKING_NUMBERS) });
const inProgressQuery = z.strictObject({
  number: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_IN_PROGRESS).optional(),
});

/** The number of a path or query, checked for shape and check digit before any lookup. */
function checkedNumber(input: string, propertyPath: string): string {
  const check = isValidS10(input);
  if (!check.valid) throw invalidInput(400, [{ propertyPath, message: check.message, code: 'INVALID_S10' }]);
  return check.number;
}

function ingestingSystem(request: FastifyRequest): string {
  if (!request.principal) throw unauthorized();
  if (!request.principal.scopes.includes(TRACKING_INGEST_SCOPE)) throw new ApiError(403, FORBIDDEN_SCOPE);
  return request.principal.subject;
}

/** Before the schema validates the request: a caller without the scope learns nothing of the input's rules. */
const requireIngestScope = async (request: FastifyRequest) => {
  ingestingSystem(request);
};

const violationAnswer = z.object({ propertyPath: z.string(), message: z.string(), code: z.string() });

/** What the sender of a batch learns (IngestResult, service.ts). */
const ingestAnswer = z
  .object({
    '@type': z.literal('TrackingIngestResult'),
    /** New events stored. */
    stored: z.int().nonnegative(),
    /** Events already stored under the same event id and time (sent again). */
    duplicates: z.int().nonnegative(),
    /** Stored, but they break the transition table or name an unknown shipment. */
    flagged: z.array(z.object({ index: z.int(), eventId: z.string(), reason: z.string() })),
    /** Rows refused, each by its index in `events`, with its violations. */
    rejected: z.array(z.object({ index: z.int(), violations: z.array(violationAnswer) })),
  })
  .describe('The batch was taken: how many rows were new, repeated, flagged or refused, and why.');

const lookupAnswer = described(trackingAnswerSchema, 'The shipment’s status and its journey, newest first.');

const tags = ['Tracking'];

export const trackingRoutes: FastifyPluginAsync<TrackingRoutesOptions> = async (plain, { service }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/tracking/:number',
    {
      config: { apiKeyScope: 'track' },
      schema: {
        querystring: NO_QUERY,
        summary: 'Track a shipment by its number',
        description: 'The number is a UPU S10 number (`RR123456785LV`), its check digit checked before any lookup.',
        tags,
        params: numberParams,
        response: { 200: lookupAnswer, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) =>
      service.lookup(
        checkedNumber(request.params.number, 'number'),
        acceptedLocale(request.headers['accept-language']),
      ),
  );

  // Several numbers at once, for businesses: the found ones, and which were not found.
  app.get(
    '/tracking',
    {
      config: { apiKeyScope: 'track' },
      schema: {
        summary: `Track up to ${MAX_TRACKING_NUMBERS} shipments at once`,
        description: '`numbers`: the shipment numbers separated by commas.',
        tags,
        querystring: numbersQuery,
        response: {
          200: z
            .object({
              '@id': z.string(),
              '@type': z.literal('hydra:Collection'),
              'hydra:member': z.array(trackingAnswerSchema),
              'hydra:totalItems': z.int().nonnegative(),
              /** The numbers asked for that no shipment has. */
              notFound: z.array(z.string()),
            })
            .describe('The shipments found, in the order asked, and the numbers not found.'),
          ...errorAnswers(400, 401),
        },
      },
    },
    async (request) => {
      const { numbers } = request.query;
      const list = [
        ...new Set(
          numbers
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean),
        ),
      ];
      if (list.length === 0 || list.length > MAX_TRACKING_NUMBERS) {
        throw invalidInput(400, [
          {
            propertyPath: 'numbers',
            message: `Give from 1 to ${MAX_TRACKING_NUMBERS} shipment numbers.`,
            code: 'TOO_MANY_NUMBERS',
          },
        ]);
      }
      const checked = list.map((number, index) => checkedNumber(number, `numbers[${index}]`));
      // An anonymous caller's lookups are limited per number, not per call (http/rate-limits.ts):
      // the call itself counted once as it was routed, each further number counts here.
      if (!request.principal) {
        for (let more = 1; more < checked.length; more++) await app.checkRateLimit(request, 'tracking');
      }
      const locale = acceptedLocale(request.headers['accept-language']);
      const found = await service.lookupMany(checked, locale);
      return {
        '@id': '/api/tracking',
        '@type': 'hydra:Collection' as const,
        'hydra:member': found,
        'hydra:totalItems': found.length,
        notFound: checked.filter((number) => !found.some((answer) => answer.number === number)),
      };
    },
  );

  // Pre-advice for the operator's systems (in-progress.ts): the same token as for posting scans.
  app.get(
    '/tracking/in-progress',
    {
      config: MACHINE_CLIENTS,
      preValidation: requireIngestScope,
      schema: {
        summary: 'List the shipments paid and not yet delivered (pre-advice for the network’s systems)',
        description: `A token with the \`${TRACKING_INGEST_SCOPE}\` scope. \`number\`: one shipment only.`,
        tags,
        querystring: inProgressQuery,
        response: {
          200: z
            .object({
              '@id': z.string(),
              '@type': z.literal('hydra:Collection'),
              'hydra:member': z.array(shipmentInProgressSchema),
              'hydra:totalItems': z.int().nonnegative(),
            })
            .describe('The shipments, oldest order line first.'),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      const query = request.query;
      const number = query.number === undefined ? undefined : checkedNumber(query.number, 'number');
      const members = await service.inProgress({ number, limit: query.limit });
      return {
        '@id': '/api/tracking/in-progress',
        '@type': 'hydra:Collection' as const,
        'hydra:member': members,
        'hydra:totalItems': members.length,
      };
    },
  );

  // Scan events from the operator's systems: a service token with the ingest scope, never a visitor.
  app.post(
    '/tracking/events',
    {
      config: MACHINE_CLIENTS,
      preValidation: requireIngestScope,
      schema: {
        querystring: NO_QUERY,
        summary: 'Post scan events of the operator’s sorting and delivery systems',
        description:
          `A token with the \`${TRACKING_INGEST_SCOPE}\` scope. Up to ${MAX_BATCH_EVENTS} events, each ` +
          '`{eventId, shipmentNumber, code, occurredAt, location: {name, countryCode, serviceLocationId?}, note?}`, ' +
          'checked row by row: the good rows are stored (an event sent again, the same `eventId` and `occurredAt`, once) and each bad row is answered by ' +
          'its index. A batch without one good row is refused (422).',
        tags,
        body: trackingBatchInput,
        response: { 200: ingestAnswer, ...errorAnswers(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      // requireIngestScope ran before: the caller is a system with the scope.
      const source = (request.principal as NonNullable<typeof request.principal>).subject;
      const result = await service.ingest(source, request.body.events);
      // Not one good row: the whole batch is refused like any invalid body. Otherwise the good rows
      // are stored and the answer names each bad row by its index.
      if (result.stored + result.duplicates === 0)
        throw invalidInput(
          422,
          result.rejected.flatMap((row) => row.violations),
        );
      return reply.code(200).send({ '@type': 'TrackingIngestResult' as const, ...result });
    },
  );
};
