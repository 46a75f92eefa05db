import { type Violation, violationSchema } from '../schemas/hydra';

export const DEFAULT_ERROR_MESSAGE = 'Application error';
/** Message of a request that never got an answer (SPEC §8 "Network error"). */
export const NETWORK_ERROR_MESSAGE = 'Network error';
/** Code and message when the bot check fails (SPEC §7); the interface asks the user to try again. */
export const BOT_CHECK_ERROR = 'recaptchaError';
/** Translation key shown instead of "This value should not be null." on the first line's workflow (SPEC §5). */
export const FINISH_SELECTION_MESSAGE = 'finishSelection';

const FIRST_LINE_WORKFLOW_PATHS = new Set(['orderLines[0].workFlow', 'orderLines.0.workFlow']);
const NOT_NULL_MESSAGE = 'This value should not be null.';

export interface ApplicationErrorOptions {
  /** HTTP status; null when no answer came (network failure, bot check). */
  status?: number | null;
  violations?: readonly Violation[];
  /** Machine-readable reason, e.g. 'recaptchaError'. */
  code?: string;
  /** The parsed error body, for callers that need more than the fields above. */
  body?: unknown;
  cause?: unknown;
}

/** What a failed request becomes (SPEC §8): one shape for every failure the interface shows. */
export class ApplicationError extends Error {
  override readonly name = 'ApplicationError';
  readonly status: number | null;
  readonly violations: Violation[];
  /** Messages per field path, for showing them under the form fields. */
  readonly validation: Record<string, string[]>;
  readonly code: string | undefined;
  readonly body: unknown;

  constructor(message: string = DEFAULT_ERROR_MESSAGE, options: ApplicationErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.status = options.status ?? null;
    this.violations = (options.violations ?? []).map(withFinishSelectionMessage);
    this.validation = messagesByPath(this.violations);
    this.code = options.code;
    this.body = options.body;
  }

  /**
   * Reads a failed response. The message is the first present of: the body's `message`
   * (what the HTTP client surfaced in the original portal; also the shape of Fastify's and
   * the token layer's errors), `hydra:description`, `detail`, the status text, and finally
   * 'Application error' (SPEC §8). Malformed violations are dropped rather than trusted.
   */
  static fromResponse(response: { status: number; statusText: string; body: unknown }): ApplicationError {
    const body = isRecord(response.body) ? response.body : {};
    const message =
      nonEmptyString(body.message) ??
      nonEmptyString(body['hydra:description']) ??
      nonEmptyString(body.detail) ??
      nonEmptyString(response.statusText) ??
      DEFAULT_ERROR_MESSAGE;
    return new ApplicationError(message, {
      status: response.status,
      violations: Array.isArray(body.violations) ? body.violations.flatMap(parseViolation) : [],
      code: nonEmptyString(body.code),
      body: response.body,
    });
  }
}

function withFinishSelectionMessage(violation: Violation): Violation {
  const isUnchosenWorkflow =
    FIRST_LINE_WORKFLOW_PATHS.has(violation.propertyPath) && violation.message === NOT_NULL_MESSAGE;
  return isUnchosenWorkflow ? { ...violation, message: FINISH_SELECTION_MESSAGE } : violation;
}

function messagesByPath(violations: readonly Violation[]): Record<string, string[]> {
  const validation: Record<string, string[]> = {};
  for (const { propertyPath, message } of violations) {
    const messages = validation[propertyPath] ?? [];
    messages.push(message);
    validation[propertyPath] = messages;
  }
  return validation;
}

function parseViolation(value: unknown): Violation[] {
  const parsed = violationSchema.safeParse(value);
  return parsed.success ? [parsed.data] : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
