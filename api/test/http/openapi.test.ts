/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { OPENAPI_DOCUMENT_PATH } from '../../src/http/openapi';
import { startTestApp, type TestApp } from '../helpers';
import { bearer } from '../test-tokens';

// Issue 20 item 1: the OpenAPI document is made from the routes' zod schemas, validates under an
// OpenAPI linter (Redocly's recommended rules) and covers every route Fastify has.

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { summary?: string; responses?: Record<string, unknown> }>>;
}

let api: TestApp;
let document: OpenApiDocument;
beforeAll(async () => {
  api = await startTestApp();
  const response = await api.app.inject({ method: 'GET', url: OPENAPI_DOCUMENT_PATH });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => api.close());

/** `/api/contacts/:id` → `/api/contacts/{id}`, `/x/*` → `/x/{path}`, as the document writes paths. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{path}');

test('the document is OpenAPI 3.1 and passes the linter without an error', () => {
  expect(document.openapi).toBe('3.1.0');
  const lint = spawnSync('node', [path.join(__dirname, '../../scripts/lint-openapi.mjs')], {
    input: JSON.stringify(document),
    encoding: 'utf8',
  });
  const errors = lint.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { severity: string })
    .filter((problem) => problem.severity === 'error');
  expect(errors).toEqual([]);
  expect(lint.status).toBe(0);
});

test("the remotes' generated types are this document's (npm run api:types writes them)", () => {
  const check = spawnSync('node', ['--import', 'tsx', path.join(__dirname, '../../scripts/api-types.ts'), '--check'], {
    input: JSON.stringify(document),
    encoding: 'utf8',
  });
  expect(check.stderr).toBe('');
  expect(check.status).toBe(0);
});

test('every route is documented with a summary, a tag and its answers, and is in the document', () => {
  const routes = api.app.registeredRoutes;
  expect(routes.length).toBeGreaterThan(100);
  const undocumented = routes.filter((route) => !route.documented).map((route) => `${route.method} ${route.url}`);
  expect(undocumented).toEqual([]);
  const missing = routes
    .filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
    .map((route) => `${route.method} ${route.url}`);
  expect(missing).toEqual([]);
});

test('the reference page is served from the API itself, and the document as JSON', async () => {
  const page = await api.app.inject({ method: 'GET', url: '/api/docs/' });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  expect(page.body).not.toMatch(/https?:\/\/(?!localhost)[a-z0-9.-]+\/[^"]*\.(js|css)/i);
  const script = await api.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
  expect(script.statusCode).toBe(200);
});

test('the reference never answers 5xx to odd input (the fuzz sweeps leave it out: each call writes the document)', async () => {
  const paths = ['/api/docs/', '/api/docs/json', '/api/docs/yaml', OPENAPI_DOCUMENT_PATH, '/api/docs/static/index.css'];
  const odd = ['a%00b', '%ED%A0%80', '99999999999999999999999'];
  for (const url of paths) {
    for (const value of odd) {
      const response = await api.app.inject({ method: 'GET', url: `${url}?${value}=${value}` });
      expect(response.statusCode).toBeLessThan(500);
    }
  }
});

test('a documented route validates by its schema: a bad query is 400 with violations in the Hydra error', async () => {
  const response = await api.app.inject({
    method: 'GET',
    url: '/api/contacts?itemsPerPage=0&colour=red',
    headers: bearer({ sub: 'openapi-test', email: 'openapi@example.com' }),
  });
  expect(response.statusCode).toBe(400);
  const body = response.json();
  expect(body['@type']).toBe('hydra:Error');
  expect(body.violations).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ propertyPath: 'itemsPerPage' }),
      expect.objectContaining({ propertyPath: 'colour' }),
    ]),
  );
});
