import { clientErrorReportSchema, withoutQuery } from '@portal/shared-contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../http/answer-schemas';
import { apiModule } from '../../http/api-module';
import { pathWithoutCredentials } from '../../http/credential-paths';
import { NO_QUERY } from '../../http/route-schemas';

/**
 * POST /api/public/client-errors (issue 17): the browser reports an uncaught error, an unhandled
 * rejection or a remote that failed to load, and the API writes it to its log (a warning with the
 * request's id, the remote, the page's path), where operators search and alert on it. Nothing is
 * stored. Anonymous, and counted against the write limits per IP like every other write.
 */
const clientErrorsPlugin: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/public/client-errors',
    {
      schema: {
        summary: 'Report an error of the browser or a remote that failed to load',
        description: 'Written to the API’s log with the request’s id; nothing is stored. Send the page’s path only.',
        tags: ['Client errors'],
        querystring: NO_QUERY,
        body: clientErrorReportSchema,
        response: {
          // No body at all: unlike a 204, a 202 would carry the `null` that noContent's handlers send.
          202: z.null().optional().describe('Logged; the answer is empty.'),
          ...errorAnswers(400, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const report = request.body;
      request.log.warn(
        {
          clientError: {
            ...report,
            // A page of an order names its key (a visitor's credential): never logged (issue 35).
            page: pathWithoutCredentials(withoutQuery(report.page)),
            ...(report.source ? { source: withoutQuery(report.source) } : {}),
            userAgent: request.headers['user-agent'],
          },
        },
        `client error (${report.kind}): ${report.message.slice(0, 200)}`,
      );
      return reply.code(202).send(undefined);
    },
  );
};

export const clientErrorsModule = apiModule(clientErrorsPlugin, { name: 'client-errors' });
