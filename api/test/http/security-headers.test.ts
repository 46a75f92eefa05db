/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { loadConfig } from '../../src/config';
import { amendContentSecurityPolicy } from '../../src/http/security-headers';
import { startTestApp, type TestApp } from '../helpers';

const EMBEDDING_SITE = 'https://www.example-shop.lv';

describe('security headers and CORS (development)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ config: loadConfig({ NODE_ENV: 'test', CORS_ORIGINS: EMBEDDING_SITE }) });
  }, 60_000);
  afterAll(() => testApp.close());

  const directives = (policy: string) =>
    Object.fromEntries(
      policy.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values];
      }),
    );

  it('sends a strict Content-Security-Policy and the other headers on every answer', async () => {
    for (const url of ['/api/health', '/api/public/countries', '/api/no-such-route']) {
      const { headers } = await testApp.app.inject({ method: 'GET', url });
      const policy = directives(String(headers['content-security-policy']));
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['script-src']).not.toContain("'unsafe-inline'");
      expect(policy['script-src']).not.toContain("'unsafe-eval'");
      expect(policy['script-src-attr']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'self'"]);
      expect(policy['img-src']).toContain('https://tile.openstreetmap.org');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('lets the configured embedding site call the public API, preflight included', async () => {
    const preflight = await testApp.app.inject({
      method: 'OPTIONS',
      url: '/api/public/prices/by_country',
      headers: {
        origin: EMBEDDING_SITE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(EMBEDDING_SITE);
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const read = await testApp.app.inject({
      method: 'GET',
      url: '/api/public/countries',
      headers: { origin: EMBEDDING_SITE },
    });
    expect(read.headers['access-control-allow-origin']).toBe(EMBEDDING_SITE);
  });

  it('gives other sites, and every signed-in call, no CORS access', async () => {
    const other = await testApp.app.inject({
      method: 'GET',
      url: '/api/public/countries',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const signedIn = await testApp.app.inject({
      method: 'GET',
      url: '/api/countries',
      headers: { origin: EMBEDDING_SITE },
    });
    expect(signedIn.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('security headers in production', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // Production refuses the development parts at start (config.test.ts); the headers only read `production`.
    testApp = await startTestApp({ config: { ...loadConfig({ NODE_ENV: 'test' }), production: true } });
  }, 60_000);
  afterAll(() => testApp.close());

  it('adds HSTS and upgrade-insecure-requests', async () => {
    const { headers } = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});

describe('amendContentSecurityPolicy', () => {
  it('adds script sources and replaces frame-ancestors, leaving the rest', () => {
    expect(
      amendContentSecurityPolicy("default-src 'self';script-src 'self';frame-ancestors 'self'", {
        scriptSrc: ["'sha256-abc='"],
        frameAncestors: ['*'],
      }),
    ).toBe("default-src 'self'; script-src 'self' 'sha256-abc='; frame-ancestors *");
  });
});
