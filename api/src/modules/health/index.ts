import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db';
import { described, errorAnswers } from '../../http/answer-schemas';
import { apiModule } from '../../http/api-module';
import { NO_QUERY } from '../../http/route-schemas';

/**
 * Health checks for load balancers, the gateway and Kubernetes, anonymous:
 * - GET /health/live (Kubernetes liveness, issue 35): the process answers; nothing else. A database
 *   failover makes readiness fail (no traffic) but restarts no pod.
 * - GET /health (liveness): whether the database answers. A failing liveness probe restarts the
 *   process, so it checks nothing a restart cannot mend beyond the connection itself.
 * - GET /health/ready (readiness): the database answers AND it has every migration of this release.
 *   A pod whose schema is older than its code (the migration Job has not run yet, or failed) is kept
 *   out of the Service's endpoints instead of serving errors; it becomes ready once the Job is done.
 *   A stopping instance (SIGTERM, its drain: http/shutdown.ts) is not ready either.
 */
export interface HealthOptions {
  db: Database;
  /** How many migrations of this release the database lacks (db's `pendingMigrations`, given by app.ts). */
  pendingMigrations?: (db: Database) => Promise<number>;
  /**
   * Dependencies failing now whose fallback serves (Redis: rate limits counted in the instance's
   * memory). Readiness stays 200 (the pod serves) and says `degraded` with each reason.
   */
  degradations?: () => { dependency: string; reason: string }[];
  /** The instance is draining before it stops (http/shutdown.ts): readiness answers 503 at once. */
  stopping?: () => boolean;
}

const tags = ['Operations'];

/**
 * The one 4xx a probe can meet: the query string is checked for unsafe text on every route
 * (safe-text.ts), though probes send none.
 */
const unsafeQuery = described(errorAnswers(422)[422], 'A query parameter holds text the API refuses.');

const liveAnswer = z.object({ status: z.literal('ok'), db: z.literal('ok') }).describe('The database answers.');
const deadAnswer = z
  .object({ status: z.literal('error'), db: z.literal('error') })
  .describe('The database does not answer.');

const readyAnswer = z
  .object({ status: z.literal('ok'), db: z.literal('ok'), migrations: z.literal('applied') })
  .describe('The database answers and has every migration of this release.');
const degradedAnswer = z
  .object({
    status: z.literal('degraded'),
    db: z.literal('ok'),
    migrations: z.literal('applied'),
    degraded: z.array(z.object({ dependency: z.string(), reason: z.string() })).min(1),
  })
  .describe(
    'Ready, with a failing dependency whose fallback serves (e.g. Redis: rate limits counted per instance), and why.',
  );
const notReadyAnswer = z
  .object({
    status: z.literal('error'),
    db: z.enum(['ok', 'error']),
    /** `unknown` when the database or its migrations cannot be read. */
    migrations: z.enum(['pending', 'unknown']),
    /** How many migrations of this release the database lacks (with `pending`). */
    pendingMigrations: z.int().positive().optional(),
  })
  .describe('Not ready: the database does not answer, or lacks migrations of this release.');
const stoppingAnswer = z
  .object({ status: z.literal('stopping') })
  .describe('Not ready: the instance is stopping; it still serves while the load balancer moves away.');

const healthPlugin: FastifyPluginAsync<HealthOptions> = async (
  plain,
  { db, pendingMigrations, degradations, stopping },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/health/live',
    {
      schema: {
        summary: 'Liveness: the process answers (the database is not asked)',
        description:
          'Anonymous, for Kubernetes: a failing database takes pods out of traffic (readiness), never restarts them.',
        tags,
        querystring: NO_QUERY,
        response: { 200: z.object({ status: z.literal('ok') }).describe('The process answers.'), 422: unsafeQuery },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/health',
    {
      schema: {
        querystring: NO_QUERY,
        summary: 'Liveness: whether the database answers',
        description: 'Anonymous, for load balancers and Kubernetes.',
        tags,
        response: { 200: liveAnswer, 422: unsafeQuery, 503: deadAnswer },
      },
    },
    async (request, reply) => {
      try {
        await db.orm.execute(sql`select 1`);
        return { status: 'ok' as const, db: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', db: 'error' });
      }
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        querystring: NO_QUERY,
        summary: 'Readiness: the database answers and has every migration of this release',
        description:
          'Anonymous and never cached, for Kubernetes: a pod whose schema is older than its code is kept out of the Service.',
        tags,
        response: {
          200: z.union([readyAnswer, degradedAnswer]),
          422: unsafeQuery,
          503: z
            .union([notReadyAnswer, stoppingAnswer])
            .describe(
              'Not ready: the database does not answer, lacks migrations of this release, or the instance is stopping.',
            ),
        },
      },
    },
    async (request, reply) => {
      // Probes must not be cached by any proxy between the kubelet or load balancer and the API.
      reply.header('Cache-Control', 'no-store');
      if (stopping?.()) return reply.code(503).send({ status: 'stopping' as const });
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
      const degraded = degradations?.() ?? [];
      if (degraded.length > 0) {
        return { status: 'degraded' as const, db: 'ok' as const, migrations: 'applied' as const, degraded };
      }
      return { status: 'ok' as const, db: 'ok' as const, migrations: 'applied' as const };
    },
  );
};

export const healthModule = apiModule(healthPlugin, { name: 'health', guarded: false });
