import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';

/** GET /health for load balancers and the gateway: anonymous, and only says whether the database answers. */
export const healthModule: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/health', async (request, reply) => {
    try {
      await db.orm.execute(sql`select 1`);
      return { status: 'ok', db: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'error', db: 'error' });
    }
  });
};
