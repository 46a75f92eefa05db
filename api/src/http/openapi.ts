import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_VERSIONS, CURRENT_API_VERSION } from './api-version';
import { API_KEY_SCOPE_EXTENSION, type OpenApiDocument, publicDocument } from './public-document';

// The API's OpenAPI 3.1 document (issue 20), made from the routes' zod schemas (route-schemas.ts)
// by @fastify/swagger: `/api/docs/openapi.json`, and a reference page at `/api/docs` (Swagger UI,
// served from the package: no CDN). Registered before the modules, whose routes it then sees.

export const OPENAPI_DOCUMENT_PATH = '/api/docs/openapi.json';
/** The whole document, the portal's own screens' calls too (issue 38). */
export const PORTAL_OPENAPI_DOCUMENT_PATH = '/api/docs/portal/openapi.json';

/** The public document's front page (issue 38): what a shop's developer reads first. */
const GETTING_STARTED = `The post's API for your shop or warehouse: price, ship, print labels, track, and be told by webhooks.

## Getting started

1. **A key.** Your company account's main administrator creates one under *My data and settings → Integrations → API keys*, with the scopes it needs. Start with a **test key** (\`lvp_test_…\`): its orders are the sandbox's, are never handed to the post, and can be moved to delivered with \`POST /api/test_helpers/orders/{key}/advance\`.
2. **Check it:** \`curl -s https://<portal>/api/me -H "Authorization: Bearer $KEY"\` answers your account, scopes and mode.
3. **Price:** \`POST /api/prices/by_country\` with \`{"shipmentType":"parcel","countryCodes":["LV"],"weight":1200}\` (grams; prices in cents).
4. **Ship:** \`POST /api/orders\` with the product's \`@id\`, sender and receiver, and an \`Idempotency-Key\` header (a UUID): a retry after a time-out answers the first answer again and never makes a second order.
5. **Pay** on your company's invoice: \`POST /api/orders/{key}/payments\` with \`{"method":"invoice"}\`; each shipment gets its S10 number.
6. **Label:** \`GET /api/orders/{key}/documents/label?format=A6\` (or \`A4\`, \`zpl\`).
7. **Track** with \`GET /api/tracking/{number}\`, or register a webhook endpoint and receive the events below, signed.

## Conventions

- Answers are JSON-LD (\`application/ld+json\`); money is integer cents, weight integer grams.
- Every error is a Hydra error with a stable \`code\` (\`ErrorCode\`) and, beside the fields, \`violations\` \`{propertyPath, message, code}\`.
- Calls made with a key carry \`RateLimit\` and \`RateLimit-Policy\` headers; over the limit, 429 \`RATE_LIMITED\` with \`Retry-After\`.
- The whole document of the portal's own screens is at \`${PORTAL_OPENAPI_DOCUMENT_PATH}\`; this one holds only what a key (and the embeds, anonymously) may call.`;

const REFERENCE_PAGE_PATH = '/api/docs';
/** The reference page in the portal's colours (served with the page: no CDN, our CSP). */
const REFERENCE_THEME = [
  '.swagger-ui .topbar { background: #fff; border-bottom: 4px solid #ffcc00; }',
  '.swagger-ui .topbar .download-url-wrapper { display: none; }',
  '.swagger-ui .info .title { color: #0a2240; }',
  '.swagger-ui .opblock-tag { font-size: 1.3em; color: #0a2240; }',
  '.swagger-ui .btn.authorize { border-color: #0a2240; color: #0a2240; }',
].join('\n');
/** The business API's version (issue 20): its major part changes only with a change that breaks callers. */
const API_VERSION = '1.0.0';

/** A route as registered, and whether it says what it does and what it answers. */
export interface RegisteredRoute {
  method: string;
  url: string;
  documented: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the API registered (the coverage test compares them with the document). */
    registeredRoutes: RegisteredRoute[];
  }
}

/** Routes of anonymous callers: no bearer token in the document. */
const isPublic = (url: string) => url.startsWith('/api/public/') || url.startsWith('/api/health');

/**
 * `GET /api/public/contacts/:id` → `getPublicContactsById`: unique because method and path are,
 * stable as long as the route is, and readable in generated clients.
 */
function operationIdOf(method: string | string[], url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment && segment !== 'api')
    .map((segment) => (segment.startsWith(':') ? `by_${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  const verb = [method].flat()[0]?.toLowerCase() ?? 'get';
  return verb + words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join('');
}

/**
 * A creating or paying route (`config: { idempotent: true }`, modules/idempotency) documents the
 * optional `Idempotency-Key` header; the route's own schema does not declare it, so that validation
 * never replaces the request's headers.
 */
function idempotencyHeader(route: RouteOptions): { headers?: object } {
  if (!route.config?.idempotent) return {};
  return {
    headers: {
      type: 'object',
      properties: {
        'Idempotency-Key': {
          type: 'string',
          minLength: 1,
          maxLength: 255,
          pattern: '^[\\x21-\\x7e]+$',
          description:
            'Any unique value (a UUID) for this request: sent again with the same request within 24 hours, the ' +
            'first answer is answered again (`Idempotent-Replayed: true`) and nothing is done twice. The same ' +
            'key with another request is 422 `IDEMPOTENCY_KEY_REUSED`; while the first call runs, 409 ' +
            '`IDEMPOTENCY_KEY_IN_USE`.',
        },
      },
    },
  };
}

export interface OpenApiOptions {
  /** The webhook events (`webhooks` of the public document): event type → its component schema's id. */
  webhooks: Record<string, string>;
  /** How deliveries are signed. */
  signature: string;
}

export async function registerOpenApi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route: RouteOptions) => {
    // The gateway's own routes on the same app are no part of the API (transform below).
    if (route.schema?.hide || !route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      // Fastify answers HEAD for every GET on its own; the GET is the route documented.
      if (method === 'HEAD' && route.exposeHeadRoute !== false) continue;
      registeredRoutes.push({
        method,
        url: route.url,
        documented: Boolean(route.schema?.summary && route.schema.response && route.schema.tags?.length),
      });
    }
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Latvijas Pasts portal API',
        version: API_VERSION,
        description:
          'What the portal’s screens do, for your own systems. Answers are JSON-LD (Hydra); every error is a ' +
          '`hydra:Error` with `violations` `{propertyPath, message, code}` beside the fields. Calls under ' +
          '`/api/public` are anonymous; the others take a bearer token.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    // Schemas with a `.meta({ id })` become named components (`#/components/schemas/<id>`).
    transformObject: (input) => withOptionalEmptyBodies(jsonSchemaTransformObject(input)),
    transform: (document) => {
      // The gateway's own routes (the shell's pages, /remotes.json, /metrics, the development
      // identity provider) share the app and are no part of the API (issue 38).
      if (!document.url.startsWith('/api/')) return { schema: { hide: true }, url: document.url };
      const transformed = jsonSchemaTransform(document);
      if (!transformed.schema || transformed.schema.hide) return transformed;
      const security = isPublic(document.url) ? [] : [{ bearer: [] }];
      const operationId = operationIdOf(document.route.method, document.url);
      // The API answers JSON-LD (hydra.ts); routes that answer files name their own media types.
      const produces = ['application/ld+json'];
      const config = document.route.config as { apiKeyScope?: string; apiKeyAnyScope?: boolean } | undefined;
      const keyScope = config?.apiKeyAnyScope ? 'any' : config?.apiKeyScope;
      const schema = {
        security,
        operationId,
        produces,
        ...transformed.schema,
        ...idempotencyHeader(document.route),
        ...(keyScope && !isPublic(document.url) ? { [API_KEY_SCOPE_EXTENSION]: keyScope } : {}),
      };
      // A wildcard route (`/api/payment-sandbox/*`: its signed id is longer than a path parameter may
      // be) is documented with the rest of its path as a named parameter, which OpenAPI requires.
      if (!document.url.endsWith('/*')) return { ...transformed, schema };
      return {
        url: `${document.url.slice(0, -1)}{path}`,
        schema: {
          ...schema,
          params: {
            type: 'object',
            properties: { path: { type: 'string', description: 'The rest of the path.' } },
            required: ['path'],
          },
        },
      };
    },
  });
  // The routes do not change once the app is ready: each document is made once.
  let whole: OpenApiDocument | undefined;
  let shown: OpenApiDocument | undefined;
  const wholeDocument = () => (whole ??= app.swagger() as unknown as OpenApiDocument);
  const shownDocument = () =>
    (shown ??= publicDocument(wholeDocument(), {
      gettingStarted: GETTING_STARTED,
      webhooks: options.webhooks,
      signature: options.signature,
      version: CURRENT_API_VERSION,
      versions: API_VERSIONS,
    }));
  await app.register(swaggerUi, {
    routePrefix: REFERENCE_PAGE_PATH,
    // The reference shows the public document, grouped by task (public-document.ts).
    transformSpecification: () => shownDocument(),
    transformSpecificationClone: false,
    theme: {
      title: 'Latvijas Pasts API — reference',
      css: [{ filename: 'portal-theme.css', content: REFERENCE_THEME }],
    },
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0, tryItOutEnabled: false },
    // Our own Content-Security-Policy (security-headers.ts) already covers the page: scripts and
    // styles from this origin only.
    staticCSP: false,
  });
  let writtenPublic: string | undefined;
  let writtenWhole: string | undefined;
  app.get(OPENAPI_DOCUMENT_PATH, { schema: { hide: true } }, async (_request, reply) => {
    writtenPublic ??= JSON.stringify(shownDocument());
    return reply.type('application/json; charset=utf-8').send(writtenPublic);
  });
  app.get(PORTAL_OPENAPI_DOCUMENT_PATH, { schema: { hide: true } }, async (_request, reply) => {
    writtenWhole ??= JSON.stringify(wholeDocument());
    return reply.type('application/json; charset=utf-8').send(writtenWhole);
  });
}

/**
 * @fastify/swagger marks every declared body required; an action's `NO_BODY` (route-schemas.ts)
 * takes nothing or `{}`, and its document says so: a body that may be null may be left out.
 */
function withOptionalEmptyBodies<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const body = (
        operation as { requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> } }
      ).requestBody;
      const schemas = Object.values(body?.content ?? {}).map(
        (media) => media.schema as { anyOf?: { type?: unknown }[] },
      );
      if (
        body &&
        schemas.length > 0 &&
        schemas.every((schema) => schema?.anyOf?.some((part) => part.type === 'null'))
      ) {
        body.required = false;
      }
    }
  }
  return document;
}
