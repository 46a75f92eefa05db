import { STATUS_CODES } from 'node:http';
import { hydraErrorSchema, hydraViewSchema } from '@portal/shared-contracts';
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './error-codes';

// Building blocks of the routes' `schema.response` (route-schemas.ts, openapi.ts): the Hydra
// envelopes and the error answers every module documents the same way. The members' schemas come
// from the shared contracts (zod/mini), which classic zod takes as they are.

/** A Hydra collection as the API answers it (hydra.ts): the contract's envelope with its JSON-LD names. */
export function hydraCollectionAnswer<Member extends z.core.$ZodType>(member: Member, description: string) {
  return z
    .object({
      '@context': z.string(),
      '@id': z.string(),
      '@type': z.literal('hydra:Collection'),
      'hydra:member': z.array(member),
      'hydra:totalItems': z.int().nonnegative(),
      'hydra:view': z.optional(hydraViewSchema),
      totalItemsCapped: z
        .optional(z.literal(true))
        .describe('More items match than `hydra:totalItems`, where this list stopped counting.'),
    })
    .describe(description);
}

const ERROR_MEANINGS: Record<number, string> = {
  400: 'Malformed input: an unknown or badly shaped query parameter or path (violations beside the fields).',
  401: 'No valid bearer token.',
  403: 'The caller may not do this.',
  404: 'Not found, or not the caller’s.',
  405: 'The path takes other methods: they are in `Allow`.',
  409: 'The resource’s state does not allow this now, or a call with the same `Idempotency-Key` is still running.',
  413: 'The body is too large.',
  415: 'The body’s type is not accepted.',
  422: 'The body breaks the rules (violations beside the fields).',
  429: 'Too many calls: wait for the seconds `Retry-After` gives.',
  503: 'Briefly unavailable: try again after `Retry-After` seconds.',
};

/** The stable codes of error answers (error-codes.ts), a named schema of the document. */
export const errorCodeSchema = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).meta({
  id: 'ErrorCode',
  description:
    'What went wrong, for programs (the description is for people):\n\n' +
    Object.entries(ERROR_CODES)
      .map(([code, { status, meaning }]) => `- \`${code}\` (${status}): ${meaning}`)
      .join('\n'),
});

const errorAnswer = (status: number) =>
  z
    .object({ ...hydraErrorSchema.shape, code: errorCodeSchema })
    .describe(ERROR_MEANINGS[status] ?? STATUS_CODES[status] ?? 'Error');

/** The Hydra error answers a route may give, each documented with what it means. */
export function errorAnswers<Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorAnswer(status)])) as Record<
    Status,
    ReturnType<typeof errorAnswer>
  >;
}

/**
 * The error answers of a module registered twice (twin-routes.ts): the `/api` twin also answers 401
 * (no valid bearer token), the `/api/public` one never does. Call it with the routes' plugin.
 */
export function twinErrorAnswers(app: { prefix: string }) {
  const signedIn = !app.prefix.startsWith('/api/public');
  return <Status extends number>(...statuses: Status[]) =>
    errorAnswers<Status | 401>(...statuses, ...(signedIn ? [401 as const] : []));
}

/**
 * A body written out before (a cached JSON text or its gzip), or none (a 304): Fastify sends text and bytes as they
 * are, neither serialised again nor checked against the schema, which documents it all the same.
 * The typed reply does not know such bodies.
 */
export const writtenBody = (body?: string | Buffer) => body as never;

/**
 * A schema with the description of this answer: a copy, so that the contract's schema (zod/mini,
 * which has no `.describe`) is not changed for its other uses.
 */
export function described<Schema extends z.core.$ZodType>(schema: Schema, description: string): Schema {
  const copy = z.core.clone(schema);
  z.globalRegistry.add(copy, { description });
  return copy;
}

/** An answer without a body (204): the handler sends `null`, which Fastify never writes for a 204. */
export const noContent = (description: string) => z.null().describe(description);

/** A file answer (a label, a spreadsheet): its media type (or the types it may have) and what it is. */
export function fileAnswer(mediaType: string | string[], description: string) {
  const types = Array.isArray(mediaType) ? mediaType : [mediaType];
  return {
    description,
    content: Object.fromEntries(types.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }])),
  };
}
