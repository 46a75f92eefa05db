import type { ZodError, z } from 'zod';
import type { Violation } from './problem';

type ZodIssue = ZodError['issues'][number];

export const NOT_NULL_MESSAGE = 'This value should not be null.';
export const UNEXPECTED_FIELD_MESSAGE = 'This field was not expected.';

/**
 * Turns zod issues into the violations the clients read: `propertyPath` in the
 * `orderLines[0].weight` form, an English `message` (clients translate by its text), and an
 * upper-case `code`. A rule that needs its own code (e.g. the approval kinds of SPEC §5)
 * raises a custom issue with `params: { code }`.
 */
export function toViolations(error: ZodError): Violation[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        propertyPath: formatPropertyPath([...issue.path, key]),
        message: UNEXPECTED_FIELD_MESSAGE,
        code: 'UNEXPECTED_FIELD',
      }));
    }
    return [{ propertyPath: formatPropertyPath(issue.path), message: issue.message, code: violationCode(issue) }];
  });
}

export function formatPropertyPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((formatted, segment) => {
    if (typeof segment === 'number') return `${formatted}[${segment}]`;
    const name = String(segment);
    return formatted ? `${formatted}.${name}` : name;
  }, '');
}

function violationCode(issue: ZodIssue): string {
  if (issue.code === 'custom' && typeof issue.params?.code === 'string') return issue.params.code;
  if (issue.code === 'invalid_type' && issue.message === NOT_NULL_MESSAGE) return 'NOT_NULL';
  return issue.code.toUpperCase();
}

/**
 * Zod's per-parse error map: a missing or null value gets the wording clients already know
 * from the previous backend (SPEC §5 matches on 'This value should not be null.').
 */
export const apiErrorMap: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null) ? NOT_NULL_MESSAGE : undefined;
