import { isValidS10 } from '@portal/shared-contracts/s10';
import { MAX_TRACKING_NUMBERS } from '@portal/shared-contracts/tracking';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { acceptedLocale } from '../../http/locale';
import { ApiError, invalidInput, unauthorized } from '../../http/problem';
import { parseBody, parseParams, parseQuery } from '../../http/validate';
import { MAX_IN_PROGRESS } from './in-progress';
import { trackingBatchInput } from './ingest-model';
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

export const trackingRoutes: FastifyPluginAsync<TrackingRoutesOptions> = async (app, { service }) => {
  app.get('/tracking/:number', async (request) => {
    const { number } = parseParams(numberParams, request.params);
    return service.lookup(checkedNumber(number, 'number'), acceptedLocale(request.headers['accept-language']));
  });

  // Several numbers at once, for businesses: the found ones, and which were not found.
  app.get('/tracking', async (request) => {
    const { numbers } = parseQuery(numbersQuery, request.query);
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
    const locale = acceptedLocale(request.headers['accept-language']);
    const found = await service.lookupMany(checked, locale);
    return {
      '@id': '/api/tracking',
      '@type': 'hydra:Collection',
      'hydra:member': found,
      'hydra:totalItems': found.length,
      notFound: checked.filter((number) => !found.some((answer) => answer.number === number)),
    };
  });

  // Pre-advice for the operator's systems (in-progress.ts): the same token as for posting scans.
  app.get('/tracking/in-progress', async (request) => {
    ingestingSystem(request);
    const query = parseQuery(inProgressQuery, request.query);
    const number = query.number === undefined ? undefined : checkedNumber(query.number, 'number');
    const members = await service.inProgress({ number, limit: query.limit });
    return {
      '@id': '/api/tracking/in-progress',
      '@type': 'hydra:Collection',
      'hydra:member': members,
      'hydra:totalItems': members.length,
    };
  });

  // Scan events from the operator's systems: a service token with the ingest scope, never a visitor.
  app.post('/tracking/events', async (request, reply) => {
    const source = ingestingSystem(request);
    const { events } = parseBody(trackingBatchInput, request.body);
    const result = await service.ingest(source, events);
    // Not one good row: the whole batch is refused like any invalid body. Otherwise the good rows
    // are stored and the answer names each bad row by its index.
    if (result.stored + result.duplicates === 0)
      throw invalidInput(
        422,
        result.rejected.flatMap((row) => row.violations),
      );
    return reply.code(200).send({ '@type': 'TrackingIngestResult', ...result });
  });
};
