// The stable `code` of every error answer (issue 38 item 2): a program branches on it, never on the
// English description. Each status has a general code; a few errors name their cause more
// precisely. The list is the OpenAPI document's `ErrorCode` schema and README's table: a code the
// API may answer is written here first (the answers are checked against the document outside
// production, route-schemas.ts).

export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, meaning: 'Malformed input: a query parameter, path or header (violations beside it).' },
  IDEMPOTENCY_KEY_INVALID: { status: 400, meaning: 'The `Idempotency-Key` header is empty, too long or not ASCII.' },
  API_VERSION_UNKNOWN: { status: 400, meaning: 'The `API-Version` header names no version of the API.' },
  UNAUTHENTICATED: { status: 401, meaning: 'No credentials, or an access token that is not valid.' },
  API_KEY_INVALID: { status: 401, meaning: 'The API key is malformed or unknown.' },
  API_KEY_REVOKED: { status: 401, meaning: 'The API key has been revoked.' },
  FORBIDDEN: { status: 403, meaning: 'The caller may not do this.' },
  API_KEY_NOT_ALLOWED: { status: 403, meaning: 'The call cannot be made with an API key.' },
  API_KEY_SCOPE_MISSING: { status: 403, meaning: 'The API key lacks the scope the call needs.' },
  TEST_MODE_ONLY: { status: 403, meaning: 'Test helpers take a test API key (`lvp_test_…`).' },
  NOT_FOUND: { status: 404, meaning: 'No such route, or no such resource of the caller’s.' },
  METHOD_NOT_ALLOWED: { status: 405, meaning: 'The path exists with other methods: they are in `Allow`.' },
  CONFLICT: { status: 409, meaning: 'The resource’s state does not allow this now.' },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, meaning: 'A call with the same `Idempotency-Key` is still running.' },
  PAYLOAD_TOO_LARGE: { status: 413, meaning: 'The body is too large.' },
  URI_TOO_LONG: { status: 414, meaning: 'The URL is too long.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, meaning: 'The body’s content type is not one the call takes.' },
  VALIDATION_FAILED: { status: 422, meaning: 'The body breaks the rules: each violation has its own code.' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, meaning: 'The `Idempotency-Key` was used with another request.' },
  RATE_LIMITED: { status: 429, meaning: 'Too many calls: wait for the seconds `Retry-After` gives.' },
  INTERNAL_ERROR: { status: 500, meaning: 'The server failed; nothing about it is revealed.' },
  SERVICE_UNAVAILABLE: { status: 503, meaning: 'Briefly unavailable: try again after `Retry-After` seconds.' },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

const GENERAL_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/** The general code of a status; another 4xx is a BAD_REQUEST, another 5xx an INTERNAL_ERROR. */
export function errorCodeOf(status: number): ErrorCode {
  return GENERAL_CODES[status] ?? (status < 500 ? 'BAD_REQUEST' : 'INTERNAL_ERROR');
}

/** Whether a violation's code is one of the error codes (then it names the whole error). */
export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_CODES, code);
