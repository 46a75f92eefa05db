import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

// The API's OpenAPI 3.1 document (issue 20), made from the routes' zod schemas (route-schemas.ts)
// by @fastify/swagger: `/api/docs/openapi.json`, and a reference page at `/api/docs` (Swagger UI,
// served from the package: no CDN). Registered before the modules, whose routes it then sees.

export const OPENAPI_DOCUMENT_PATH = '/api/docs/openapi.json';
const REFERENCE_PAGE_PATH = '/api/docs';
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

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.schema?.hide) return;
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
    transformObject: jsonSchemaTransformObject,
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      if (!transformed.schema || transformed.schema.hide) return transformed;
      const security = isPublic(document.url) ? [] : [{ bearer: [] }];
      const operationId = operationIdOf(document.route.method, document.url);
      // The API answers JSON-LD (hydra.ts); routes that answer files name their own media types.
      const produces = ['application/ld+json'];
      const schema = { security, operationId, produces, ...transformed.schema, ...idempotencyHeader(document.route) };
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
  await app.register(swaggerUi, {
    routePrefix: REFERENCE_PAGE_PATH,
    uiConfig: { docExpansion: 'list', deepLinking: true },
    // Our own Content-Security-Policy (security-headers.ts) already covers the page: scripts and
    // styles from this origin only.
    staticCSP: false,
  });
  // The routes do not change once the app is ready: the document is written out once.
  let written: string | undefined;
  app.get(OPENAPI_DOCUMENT_PATH, { schema: { hide: true } }, async (_request, reply) => {
    written ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').send(written);
  });
}
