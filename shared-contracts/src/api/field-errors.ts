import type { Violation } from '../schemas/hydra';
import { ApplicationError } from './application-error';

/** One message per form field, shown beside it (SPEC: violations beside the field). */
export type FieldMessages = Record<string, string>;

const samePath = (propertyPath: string) => propertyPath;

/**
 * Violations (the API's, or the shared rules' checked in the browser) as one message per field: the
 * first for each. `fieldOf` names the form's field for a property path where they differ (e.g. the
 * profile's `contact.phone` is its `phone` field).
 */
export function messagesByField(
  violations: readonly Pick<Violation, 'propertyPath' | 'message'>[],
  fieldOf: (propertyPath: string) => string = samePath,
): FieldMessages {
  const found: FieldMessages = {};
  for (const { propertyPath, message } of violations) found[fieldOf(propertyPath)] ??= message;
  return found;
}

/**
 * A failed call's violations by field (messagesByField), or null when it carries none: then the
 * screen shows the error's own message instead. The one mapping from server violations to form
 * fields for every remote (issue 39).
 */
export function fieldErrorsOf(
  error: unknown,
  fieldOf: (propertyPath: string) => string = samePath,
): FieldMessages | null {
  if (!(error instanceof ApplicationError) || error.violations.length === 0) return null;
  return messagesByField(error.violations, fieldOf);
}
