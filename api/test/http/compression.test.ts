/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from '../helpers';

// Issue 18: JSON answers go out compressed when the client accepts it; small ones do not.
describe('compressed answers', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  }, 60_000);
  afterAll(() => testApp.close());

  const countries = (acceptEncoding?: string) =>
    testApp.app.inject({
      method: 'GET',
      url: '/api/public/countries?itemsPerPage=300',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends brotli to a browser and the same JSON as uncompressed', async () => {
    const plain = await countries();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const brotli = await countries('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(JSON.parse(plain.body));
  });

  it('sends gzip to a client that takes only gzip', async () => {
    const gzip = await countries('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(JSON.parse((await countries()).body));
  });

  it('leaves answers under 1 KB as they are', async () => {
    const health = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: expect.any(String) });
  });
});
