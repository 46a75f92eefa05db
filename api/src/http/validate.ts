import { z } from 'zod';
import { invalidInput } from './problem';
import { apiErrorMap, toViolations } from './violations';

// Request validation in one place for every module: handlers call these with a zod schema and
// get typed data back, or the request ends with a Hydra error carrying the violations.

/** Query strings: a bad or unknown parameter is malformed input, 400. */
export function parseQuery<Schema extends z.ZodType>(schema: Schema, query: unknown): z.output<Schema> {
  return validate(schema, query, 400);
}

/** Calls that take no query string: any parameter is unknown, 400. */
const NO_QUERY = z.strictObject({});
export function parseNoQuery(query: unknown): void {
  validate(NO_QUERY, query, 400);
}

/** Path parameters: a wrongly shaped identifier is malformed input, 400. */
export function parseParams<Schema extends z.ZodType>(schema: Schema, params: unknown): z.output<Schema> {
  return validate(schema, params, 400);
}

/** Request bodies: well-formed JSON that breaks the rules is 422. */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  return validate(schema, body, 422);
}

function validate<Schema extends z.ZodType>(schema: Schema, input: unknown, status: 400 | 422): z.output<Schema> {
  const result = schema.safeParse(input, { error: apiErrorMap });
  if (result.success) return result.data;
  throw invalidInput(status, toViolations(result.error));
}
