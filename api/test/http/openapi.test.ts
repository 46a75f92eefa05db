/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { MAX_DATABASE_INTEGER, MIN_DATABASE_INTEGER } from '@portal/shared-contracts';
import { OPENAPI_DOCUMENT_PATH, PORTAL_OPENAPI_DOCUMENT_PATH } from '../../src/http/openapi';
import { startTestApp, type TestApp } from '../helpers';
import { bearer } from '../test-tokens';

// Issue 20 item 1: the OpenAPI document is made from the routes' zod schemas, validates under an
// OpenAPI linter (Redocly's recommended rules) and covers every route Fastify has.

interface JsonSchema {
  type?: string | string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}
interface Operation {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { description: string };
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, { post: Operation }>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, { type: string }> };
}

let api: TestApp;
/** The whole document (the portal's screens) and the public one, as the app serves them. */
let document: OpenApiDocument;
let publicDocument: OpenApiDocument;
beforeAll(async () => {
  // What the gateway adds to the same app (infra/gateway: the shell's catch-all, the remotes file,
  // the development identity provider's every-method routes): never part of either document.
  api = await startTestApp({
    extend: (app) => {
      app.get('/*', async () => 'page');
      app.get('/remotes.json', async () => ({}));
      app.all('/idp/*', async () => 'idp');
    },
  });
  const whole = await api.app.inject({ method: 'GET', url: PORTAL_OPENAPI_DOCUMENT_PATH });
  expect(whole.statusCode).toBe(200);
  document = whole.json();
  const shown = await api.app.inject({ method: 'GET', url: OPENAPI_DOCUMENT_PATH });
  expect(shown.statusCode).toBe(200);
  publicDocument = shown.json();
});

function lintErrors(served: OpenApiDocument) {
  const lint = spawnSync('node', [path.join(__dirname, '../../scripts/lint-openapi.mjs')], {
    input: JSON.stringify(served),
    encoding: 'utf8',
  });
  const errors = lint.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { severity: string })
    .filter((problem) => problem.severity === 'error');
  return { errors, status: lint.status };
}
afterAll(() => api.close());

/** `/api/contacts/:id` → `/api/contacts/{id}`, `/x/*` → `/x/{path}`, as the document writes paths. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{path}');

test.each([
  ['the whole document', () => document],
  ['the public document', () => publicDocument],
])('%s is OpenAPI 3.1 and passes the linter without an error', (_name, served) => {
  expect(served().openapi).toBe('3.1.0');
  expect(lintErrors(served())).toEqual({ errors: [], status: 0 });
});

test('neither document holds the gateway’s own routes', () => {
  for (const served of [document, publicDocument]) {
    expect(Object.keys(served.paths).filter((url) => !url.startsWith('/api/'))).toEqual([]);
  }
});

test('the public document holds what a key may call, by task, with named schemas, scopes and webhooks', () => {
  const paths = Object.keys(publicDocument.paths);
  expect(paths).toEqual(expect.arrayContaining(['/api/orders', '/api/me', '/api/public/prices/by_country']));
  expect(
    paths.filter((url) => url.includes('/admin/') || url.includes('/api_keys') || url === '/api/contacts'),
  ).toEqual([]);
  expect(publicDocument.tags?.map((tag) => tag.name)).toEqual(
    expect.arrayContaining(['Account', 'Price', 'Ship', 'Labels', 'Track', 'Webhooks', 'Test mode']),
  );
  const create = publicDocument.paths['/api/orders']?.post;
  expect(create?.tags).toEqual(['Ship']);
  expect(create?.security).toEqual([{ apiKey: ['ship'] }]);
  expect(create?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key' })]));
  expect(create?.requestBody?.content['application/json']?.schema).toEqual({
    $ref: '#/components/schemas/PostOrdersBody',
  });
  expect(create?.responses?.['201']?.content?.['application/ld+json']?.schema).toEqual({
    $ref: '#/components/schemas/PostOrdersResponse',
  });
  expect(create?.responses?.['422']?.content?.['application/ld+json']?.schema).toEqual({
    $ref: '#/components/schemas/Error',
  });
  expect(publicDocument.paths['/api/public/prices/by_country']?.post?.security).toEqual([]);
  expect(publicDocument.components.securitySchemes.apiKey?.type).toBe('http');
  // Every answer and body of every operation is a named schema.
  for (const [url, operations] of Object.entries(publicDocument.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const schemas = [
        ...Object.values(operation.requestBody?.content ?? {}),
        ...Object.values(operation.responses ?? {}).flatMap((answer) => Object.values(answer.content ?? {})),
      ].map((content) => content.schema);
      const inline = schemas.filter((schema) => !schema.$ref && JSON.stringify(schema).includes('"properties"'));
      expect({ url, method, inline }).toEqual({ url, method, inline: [] });
    }
  }
  expect(Object.keys(publicDocument.webhooks ?? {}).sort()).toEqual([
    'order.paid',
    'return.created',
    'return.status_changed',
    'shipment.status_changed',
  ]);
  expect(publicDocument.components.schemas.ReturnStatusChangedEvent).toBeDefined();
  expect(publicDocument.webhooks?.['order.paid']?.post.requestBody?.content['application/json']?.schema).toEqual({
    $ref: '#/components/schemas/OrderPaidEvent',
  });
  expect(publicDocument.components.schemas.OrderPaidEvent).toBeDefined();
  expect(publicDocument.info.description).toContain('## Getting started');
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
  // It shows the public document, in the portal's theme.
  const shown = await api.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(Object.keys(shown.json().paths)).toEqual(Object.keys(publicDocument.paths));
  expect(page.body).toContain('Latvijas Pasts API');
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

// Issue 36 item 1: every integer a request may carry, wherever it stands (path, query, body, inside
// arrays and nested objects), is bounded by its schema to what a PostgreSQL integer column holds, so
// that no number reaches SQL that the database refuses (ids of 2^31 in arrays answered 500). A new
// route whose schema forgets the bound fails here.
test("every integer of every request is bounded to the database's integer range", () => {
  const unbounded: string[] = [];
  const visit = (schema: JsonSchema | undefined, at: string, seen: Set<JsonSchema>) => {
    if (!schema || seen.has(schema)) return;
    seen.add(schema);
    const target = schema.$ref ? document.components?.schemas?.[schema.$ref.split('/').pop() ?? ''] : schema;
    if (!target) return;
    const types = ([] as (string | undefined)[]).concat(target.type);
    if (types.includes('integer')) {
      const max = target.maximum ?? (target.exclusiveMaximum === undefined ? undefined : target.exclusiveMaximum - 1);
      const min = target.minimum ?? (target.exclusiveMinimum === undefined ? undefined : target.exclusiveMinimum + 1);
      if (max === undefined || max > MAX_DATABASE_INTEGER || min === undefined || min < MIN_DATABASE_INTEGER) {
        unbounded.push(`${at} (${min ?? '-∞'}..${max ?? '∞'})`);
      }
    }
    for (const part of [...(target.anyOf ?? []), ...(target.oneOf ?? []), ...(target.allOf ?? [])])
      visit(part, at, seen);
    visit(target.items, `${at}[]`, seen);
    for (const [name, property] of Object.entries(target.properties ?? {})) visit(property, `${at}.${name}`, seen);
    if (typeof target.additionalProperties === 'object') visit(target.additionalProperties, `${at}.*`, seen);
  };
  let integers = 0;
  const countIntegers = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(countIntegers);
    else if (value && typeof value === 'object') {
      if ((value as JsonSchema).type === 'integer') integers++;
      Object.values(value).forEach(countIntegers);
    }
  };
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const name = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? []) {
        visit(parameter.schema, `${name} ${parameter.in} ${parameter.name}`, new Set());
        countIntegers(parameter.schema);
      }
      for (const content of Object.values(operation.requestBody?.content ?? {})) {
        visit(content.schema, `${name} body`, new Set());
        countIntegers(content.schema);
      }
    }
  }
  // The walk reads what it should: the requests carry hundreds of integers.
  expect(integers).toBeGreaterThan(100);
  expect(unbounded).toEqual([]);
});
