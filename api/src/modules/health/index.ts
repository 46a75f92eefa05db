import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';

/**
 * Health checks for load balancers, the gateway and Kubernetes, anonymous:
 * - GET /health (liveness): whether the database answers. A failing liveness probe restarts the
 *   process, so it checks nothing a restart cannot mend beyond the connection itself.
 * - GET /health/ready (readiness): the database answers AND it has every migration of this release.
 *   A pod whose schema is older than its code (the migration Job has not run yet, or failed) is kept
 *   out of the Service's endpoints instead of serving errors; it becomes ready once the Job is done.
 */
export interface HealthOptions {
  db: Database;
  /** How many migrations of this release the database lacks (db's `pendingMigrations`, given by app.ts). */
  pendingMigrations?: (db: Database) => Promise<number>;
}

export const healthModule: FastifyPluginAsync<HealthOptions> = async (app, { db, pendingMigrations }) => {
  app.get('/health', async (request, reply) => {
    try {
      await db.orm.execute(sql`select 1`);
      return { status: 'ok', db: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'error', db: 'error' });
    }
  });

  app.get('/health/ready', async (request, reply) => {
    // Probes must not be cached by any proxy between the kubelet or load balancer and the API.
    reply.header('Cache-Control', 'no-store');
    try {
      await db.orm.execute(sql`select 1`);
    } catch (error) {
      request.log.error({ err: error }, 'readiness check: database unreachable');
      return reply.code(503).send({ status: 'error', db: 'error', migrations: 'unknown' });
    }
    let pending: number;
    try {
      // Without the count (a module test of /health alone) readiness cannot be known: not ready.
      if (!pendingMigrations) throw new Error('no migration check given to the health module');
      pending = await pendingMigrations(db);
    } catch (error) {
      request.log.error({ err: error }, 'readiness check: migrations cannot be read');
      return reply.code(503).send({ status: 'error', db: 'ok', migrations: 'unknown' });
    }
    if (pending > 0) {
      request.log.warn({ pending }, 'readiness check: migrations of this release are not applied');
      return reply.code(503).send({ status: 'error', db: 'ok', migrations: 'pending', pendingMigrations: pending });
    }
    return { status: 'ok', db: 'ok', migrations: 'applied' };
  });
};
