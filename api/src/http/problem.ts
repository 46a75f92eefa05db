import { STATUS_CODES } from 'node:http';
import type { HydraError, Violation as ViolationContract } from '@portal/shared-contracts';
import { SERVER_MESSAGES } from '@portal/shared-contracts/i18n/server-messages';
import { ERROR_CODES, type ErrorCode, errorCodeOf, isErrorCode } from './error-codes';

// The shapes come from the shared contract (type-only); the general refusals' English is the
// catalogue's (issue 39), which the screens translate by the answer's code.
// The API always fills in what the contract leaves optional.

/** One validation failure, attached to a field path such as `orderLines[0].weight`. */
export interface Violation extends ViolationContract {
  code: string;
}

/** Body of every error answer (DESIGN §5), with its stable code (error-codes.ts). */
export interface HydraErrorBody extends HydraError {
  'hydra:title': string;
  status: number;
  code: ErrorCode;
  violations?: Violation[];
}

/** An error whose status and description are safe to show to the caller. */
export class ApiError extends Error {
  /**
   * The error's stable code: the one violation's, when it is an error code of its own (an API key
   * refused, an idempotency key reused), else the status's general one (error-codes.ts).
   */
  readonly code: ErrorCode;

  constructor(
    readonly status: number,
    description: string,
    readonly violations: Violation[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = 'ApiError';
    const [only] = violations;
    this.code =
      violations.length === 1 && only && isErrorCode(only.code) && ERROR_CODES[only.code].status === status
        ? only.code
        : errorCodeOf(status);
  }
}

export const unauthorized = () =>
  new ApiError(401, SERVER_MESSAGES.UNAUTHENTICATED[0].en, [], {
    'www-authenticate': 'Bearer',
  });

export const notFound = (description: string = SERVER_MESSAGES.NOT_FOUND[0].en) => new ApiError(404, description);

/** 400 for malformed input (query, path), 422 for a well-formed body that breaks the rules. */
export const invalidInput = (status: 400 | 422, violations: Violation[]) =>
  new ApiError(status, describeViolations(violations), violations);

export function hydraErrorBody(
  status: number,
  description: string,
  violations: Violation[] = [],
  code: ErrorCode = errorCodeOf(status),
): HydraErrorBody {
  return {
    '@type': 'hydra:Error',
    'hydra:title': STATUS_CODES[status] ?? 'Error',
    'hydra:description': description,
    status,
    code,
    ...(violations.length > 0 ? { violations } : {}),
  };
}

/** One line per violation, as API Platform words its description: `path: message`. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map(({ propertyPath, message }) => (propertyPath ? `${propertyPath}: ${message}` : message))
    .join('\n');
}
