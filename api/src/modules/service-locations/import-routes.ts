import { MAX_LOCATION_FILE_BYTES } from '@portal/shared-contracts/admin';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoute } from '../../auth';
import type { Orm } from '../../db';
import { errorAnswers } from '../../http/answer-schemas';
import { JSON_LD } from '../../http/hydra';
import { invalidInput } from '../../http/problem';
import { auditChange } from '../audit';
import { importAnswer } from './answers';
import { importLocations, LocationImportError } from './importer';

const importQuery = z.strictObject({
  scope: z.enum(['all', 'partial'], { error: 'This value should be all or partial.' }).default('partial'),
});

/**
 * `POST /api/admin/service_locations/import?scope=partial|all` (issue 14 item 9): the back office's
 * twin of `npm run locations:import -- <file> [--partial]`. The body is the file itself, a JSON
 * array in the data/README.md format; every record is checked before anything changes, and a bad
 * record is 422 with its place in the file (`[3].latitude`). The import clears the location cache
 * (importer listeners). Product managers and administrators, as the rest of the locations section.
 */
export const locationImportRoutes: FastifyPluginAsync<{ orm: Orm; now?: () => Date }> = async (plain, { orm, now }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/admin/service_locations/import',
    {
      config: adminRoute('product_manager'),
      bodyLimit: MAX_LOCATION_FILE_BYTES,
      schema: {
        // The file is read and checked record by record by the importer (422 at its place in the file).
        consumes: ['application/json'],
        summary: 'Import post offices and parcel lockers from a location file',
        description:
          'The body is the file itself: a JSON array of location records (`id`, `countryCode`, `type`, ' +
          '`operator`, `name`, `address`, `city`, `postCode`, `latitude`, `longitude`, `openingHours`, `source`), ' +
          'up to 20 MB. Every record is checked before anything changes; a bad one is 422 beside its place in the ' +
          'file (`[3].latitude`). `scope=partial` (the default) replaces only the sources, operators and types the ' +
          'file holds; `scope=all` retires every place missing from it but those added in the back office.',
        tags: ['Service locations'],
        querystring: importQuery,
        response: { 200: importAnswer, ...errorAnswers(400, 401, 403, 413, 422) },
      },
    },
    async (request, reply) => {
      const { scope } = request.query;
      let report: Awaited<ReturnType<typeof importLocations>>;
      try {
        report = await importLocations(orm, request.body, { scope, now: now?.() ?? new Date() });
      } catch (error) {
        if (!(error instanceof LocationImportError)) throw error;
        // "[3].latitude: message" → beside the record's field; a whole-file problem → `file`.
        throw invalidInput(
          422,
          error.problems.map((problem) => {
            const match = /^(\[\d+\](?:\.[^:]*)?): (.*)$/.exec(problem);
            return {
              propertyPath: match?.[1] ?? 'file',
              message: match?.[2] ?? problem,
              code: 'LOCATION_FILE',
            };
          }),
        );
      }
      const records = Array.isArray(request.body) ? request.body.length : 0;
      auditChange(request, {
        entityType: 'service_location_import',
        entityId: null,
        before: null,
        after: { scope, records, ...report },
      });
      reply.type(JSON_LD).header('cache-control', 'no-store');
      return { '@type': 'LocationImport' as const, scope, records, ...report };
    },
  );
};
