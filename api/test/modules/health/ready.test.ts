/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import Fastify from 'fastify';
import type { Database } from '../../../src/db';
import { useRouteSchemas } from '../../../src/http/route-schemas';
import { healthModule } from '../../../src/modules/health';
import { openTestDatabase, startTestApp, type TestApp } from '../../helpers';

// Loaded after the helpers, whose jest.mock hands the database module the PGlite jest can run.
let dbModule: typeof import('../../../src/db');
let testApp: TestApp;
beforeAll(async () => {
  dbModule = await import('../../../src/db');
  testApp = await startTestApp();
}, 120_000);
afterAll(() => testApp?.close());

/** The health module alone on a database of the test's choosing (with the app's route schemas). */
async function healthOn(db: Database) {
  const app = Fastify({ logger: false });
  useRouteSchemas(app, { checkAnswers: true });
  await app.register(healthModule, { db, pendingMigrations: dbModule.pendingMigrations, prefix: '/api' });
  return app;
}

describe('GET /api/health/ready (Kubernetes readiness: database reachable and migrations applied)', () => {
  it('answers 200 on a reachable database with every migration applied, anonymously and uncached', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok', migrations: 'applied' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with the number of pending migrations until the migration step has run, then 200', async () => {
    const fresh = await openTestDatabase({ migrate: false });
    const app = await healthOn(fresh);
    try {
      const pending = await dbModule.pendingMigrations(fresh);
      expect(pending).toBeGreaterThan(0);
      const before = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(before.statusCode).toBe(503);
      expect(before.json()).toEqual({ status: 'error', db: 'ok', migrations: 'pending', pendingMigrations: pending });
      // Liveness stays green meanwhile: a pod waiting for the migration Job must not be restarted.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      await dbModule.migrateDatabase(fresh);
      const after = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual({ status: 'ok', db: 'ok', migrations: 'applied' });
    } finally {
      await app.close();
      await fresh.close();
    }
  }, 120_000);

  it('answers liveness without asking the database (a failover must not restart the pods)', async () => {
    const fresh = await openTestDatabase({ migrate: false });
    const app = await healthOn(fresh);
    try {
      await fresh.close();
      // The database is gone: readiness fails, liveness does not.
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
      const live = await app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
    }
  }, 60_000);

  it('refuses unsafe text in the query string with 422, as every route does', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health/ready?probe=%00' });
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toEqual([expect.objectContaining({ propertyPath: 'probe' })]);
  });

  it('answers 503 when the database does not answer', async () => {
    const unreachable = { orm: { execute: () => Promise.reject(new Error('down')) } } as unknown as Database;
    const app = await healthOn(unreachable);
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error', db: 'error', migrations: 'unknown' });
    await app.close();
  });
});
