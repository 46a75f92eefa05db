import { clientErrorReportSchema, withoutQuery } from '@portal/shared-contracts';
import type { FastifyPluginAsync } from 'fastify';
import { parseBody, parseNoQuery } from '../../http/validate';

/**
 * POST /api/public/client-errors (issue 17): the browser reports an uncaught error, an unhandled
 * rejection or a remote that failed to load, and the API writes it to its log (a warning with the
 * request's id, the remote, the page's path), where operators search and alert on it. Nothing is
 * stored. Anonymous, and counted against the write limits per IP like every other write.
 */
export const clientErrorsModule: FastifyPluginAsync = async (app) => {
  app.post('/public/client-errors', async (request, reply) => {
    parseNoQuery(request.query);
    const report = parseBody(clientErrorReportSchema, request.body);
    request.log.warn(
      {
        clientError: {
          ...report,
          page: withoutQuery(report.page),
          ...(report.source ? { source: withoutQuery(report.source) } : {}),
          userAgent: request.headers['user-agent'],
        },
      },
      `client error (${report.kind}): ${report.message.slice(0, 200)}`,
    );
    return reply.code(202).send();
  });
};
