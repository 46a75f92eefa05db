/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import Fastify from 'fastify';
import { inProcessFetch } from './in-process-fetch';

async function appWithRoutes() {
  const app = Fastify();
  app.get('/api/public/news', async (request, reply) =>
    reply.header('x-language', request.headers['accept-language'] ?? '').send({ query: request.query }),
  );
  app.get('/api/public/gone', async (_request, reply) => reply.code(204).send());
  app.get('/api/public/slow', () => new Promise(() => undefined));
  await app.ready();
  return app;
}

describe('inProcessFetch (the gateway asks the API in its own process)', () => {
  it('answers a read as a Response, with its status, headers and body', async () => {
    const app = await appWithRoutes();
    const fetch = inProcessFetch(app);
    const response = await fetch('/api/public/news?itemsPerPage=3', { headers: { 'Accept-Language': 'lv' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-language')).toBe('lv');
    expect(await response.json()).toEqual({ query: { itemsPerPage: '3' } });
    const empty = await fetch('/api/public/gone');
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
    expect((await fetch('/api/public/unknown')).status).toBe(404);
    await app.close();
  });

  it('refuses anything but a read, and gives up on an answer when its signal is aborted', async () => {
    const app = await appWithRoutes();
    const fetch = inProcessFetch(app);
    await expect(fetch('/api/public/news', { method: 'POST' })).rejects.toThrow('reads only');
    const controller = new AbortController();
    const waiting = fetch('/api/public/slow', { signal: controller.signal });
    controller.abort(new Error('too late'));
    await expect(waiting).rejects.toThrow('too late');
    await expect(fetch('/api/public/news', { signal: AbortSignal.abort() })).rejects.toThrow();
    await app.close();
  });
});
