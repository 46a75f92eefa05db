import type { FastifyInstance, FastifySchemaCompiler, RouteOptions } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';
import { invalidInput } from './problem';
import { apiErrorMap, toViolations } from './violations';

// Route schemas (issue 20): every route declares its query string, path parameters, body and
// answers as zod schemas in `schema`. The same schemas validate the request (here), type the
// handler (fastify-type-provider-zod's ZodTypeProvider) and describe the route in the OpenAPI
// document (openapi.ts). The shared contracts' zod/mini schemas are taken as they are.

/**
 * Requests: a broken query string, path or header is malformed input (400); a well-formed body that
 * breaks the rules is 422. Both answer the Hydra error with its violations (DESIGN §5), exactly as
 * the handlers' own parsing did before (validate.ts).
 */
const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = z.safeParse(schema, data, { error: apiErrorMap });
    if (result.success) return { value: result.data };
    return { error: invalidInput(httpPart === 'body' ? 422 : 400, toViolations(result.error)) };
  };

/**
 * Answers: JSON as it is. Outside production each answer is also checked against the schema it is
 * documented with (as the client receives it, after JSON), so that a test fails on a document that
 * says something else than the code does; production does not pay for the check.
 */
function serializerCompiler(checkAnswers: boolean): FastifySerializerCompiler<z.core.$ZodType> {
  return ({ schema, method, url, httpStatus }) =>
    (data) => {
      const json = JSON.stringify(data);
      if (checkAnswers) {
        const result = z.safeParse(schema, json === undefined ? undefined : JSON.parse(json));
        if (!result.success) {
          throw new Error(
            `The ${httpStatus} answer of ${method} ${url} does not match its documented schema: ${z.prettifyError(result.error)}`,
          );
        }
      }
      return json;
    };
}

export function useRouteSchemas(app: FastifyInstance, options: { checkAnswers: boolean }): void {
  requireRequestSchemas(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(options.checkAnswers));
}

/** The query string of a route that takes none: any parameter is unknown, 400. */
export const NO_QUERY = z.strictObject({});

/**
 * The body of an action that takes none (`POST …/cancel`): nothing, or an empty JSON object, as the
 * screens send it; any field is unknown, 422.
 */
export const NO_BODY = z.strictObject({}).nullish();

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Every API route declares each part of the request it takes (issue 36 item 1: one input boundary):
 * its query string (NO_QUERY when none), its path parameters when its path has any, and for a
 * POST, PUT or PATCH its body (NO_BODY when none), unless it reads a body of another type itself and
 * says which (`consumes`: uploads, the payment provider's signed callbacks). A route that does not is
 * refused when it is registered, so the API does not start and every test fails: what a request may
 * carry is never left to a handler to remember.
 */
function requireRequestSchemas(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api') || route.schema?.hide) return;
    const missing = undeclaredRequestParts(route);
    if (missing.length > 0) {
      throw new Error(`${[route.method].flat().join(',')} ${route.url} does not declare its ${missing.join(', ')}`);
    }
  });
}

function undeclaredRequestParts({ method, url, schema = {} }: RouteOptions): string[] {
  const missing: string[] = [];
  if (!schema.querystring) missing.push('query string (NO_QUERY when it takes none)');
  if (/[:*]/.test(url) && !schema.params) missing.push('path parameters');
  const takesBody = [method].flat().some((name) => BODY_METHODS.has(name));
  if (takesBody && !schema.body && !schema.consumes) missing.push('body (NO_BODY when it takes none)');
  return missing;
}
