import { findUnsafeText, isSafeText, UNSAFE_TEXT_CODE, UNSAFE_TEXT_MESSAGE } from '@portal/shared-contracts';
import type { FastifyInstance } from 'fastify';
import { invalidInput, type Violation } from './problem';
import { formatPropertyPath } from './violations';

/**
 * The shared text rule (shared-contracts `isSafeText`: no NUL, no unpaired surrogate) on every
 * route: after Fastify has parsed the request and before any handler or database sees it, every
 * string of the path parameters, query and body is checked, and a request carrying one answers 422
 * with a violation per field. One hook, so no route and no future field can forget it.
 */
export function refuseUnsafeText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // An uploaded file's bytes (an XLSX body is a Buffer) hold no text to check: walked as an
    // object, a 1 MB file was a million entries and 2.5 s of the event loop (issue 36).
    const body = ArrayBuffer.isView(request.body) ? undefined : request.body;
    const violations = [request.params, request.query, body].flatMap(unsafeTextViolations);
    if (violations.length > 0) throw invalidInput(422, violations);
  });
}

/**
 * The violations of the text rule in a value parsed from the request: for input a route reads
 * itself, after the hook (the fields of a multipart upload).
 */
export function unsafeTextViolations(value: unknown): Violation[] {
  return findUnsafeText(value).map((path) => ({
    propertyPath: formatPropertyPath(path.map(printable)),
    message: UNSAFE_TEXT_MESSAGE,
    code: UNSAFE_TEXT_CODE,
  }));
}

/** A key that is itself unsafe is named with its unsafe characters escaped (`\u0000`, `\ud800`). */
function printable(segment: string | number): string | number {
  return typeof segment === 'string' && !isSafeText(segment) ? JSON.stringify(segment).slice(1, -1) : segment;
}
