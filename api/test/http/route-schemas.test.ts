/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerErrorHandling } from '../../src/http/error-handling';
import { NO_BODY, NO_QUERY, useRouteSchemas } from '../../src/http/route-schemas';
// helpers.ts hands the sandbox Node's own light-my-request (behind inject).
import '../helpers';

// Issue 36 item 1: every API route declares each part of the request it takes, or the API does not
// start; an empty query parameter is an absent one.

async function appWith(register: (app: ReturnType<typeof plainApp>) => void) {
  const app = plainApp();
  register(app);
  await app.ready();
  return app;
}

function plainApp() {
  const app = Fastify({ logger: false });
  useRouteSchemas(app, { checkAnswers: false });
  registerErrorHandling(app);
  return app.withTypeProvider<ZodTypeProvider>();
}

describe('a route that does not declare its request', () => {
  it.each([
    [
      'a read without its query string',
      'GET',
      '/api/things',
      {},
      /GET \/api\/things does not declare its query string/,
    ],
    [
      'a read without its path parameters',
      'GET',
      '/api/things/:id',
      { querystring: NO_QUERY },
      /does not declare its path parameters/,
    ],
    ['a write without its body', 'POST', '/api/things', { querystring: NO_QUERY }, /does not declare its body/],
  ] as const)('is refused when registered: %s', async (_what, method, url, schema, message) => {
    await expect(appWith((app) => app.route({ method, url, schema, handler: async () => ({}) }))).rejects.toThrow(
      message,
    );
  });

  it('is accepted when it declares them, or reads a body of another type itself', async () => {
    const app = await appWith((app) => {
      app.post(
        '/api/actions/:id',
        { schema: { querystring: NO_QUERY, params: z.object({ id: z.string() }), body: NO_BODY } },
        async () => ({ done: true }),
      );
      app.post(
        '/api/uploads',
        { schema: { querystring: NO_QUERY, consumes: ['application/octet-stream'] } },
        async () => ({}),
      );
      // Outside the API (the gateway's pages) nothing is required.
      app.get('/page', async () => 'page');
    });
    const action = await app.inject({ method: 'POST', url: '/api/actions/7', payload: {} });
    expect(action.statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/actions/7' })).statusCode).toBe(200);
    const withField = await app.inject({ method: 'POST', url: '/api/actions/7', payload: { reason: 'x' } });
    expect(withField.statusCode).toBe(422);
    await app.close();
  });
});
