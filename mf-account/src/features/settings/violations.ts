import { ApplicationError, type Violation } from '@portal/shared-contracts';

export type FieldErrors = Record<string, string>;

/** Server violations by field, the first message of each: `contact.address` → `address`. */
export function violationsOf(error: unknown): FieldErrors | null {
  if (!(error instanceof ApplicationError) || error.violations.length === 0) return null;
  return byField(error.violations);
}

/** The shared rules' violations (or the server's) as one message per field. */
export function byField(violations: readonly Pick<Violation, 'propertyPath' | 'message'>[]): FieldErrors {
  const found: FieldErrors = {};
  for (const { propertyPath, message } of violations) {
    const field = propertyPath.replace(/^contact\./, '');
    found[field] ??= message;
  }
  return found;
}

/** The message to show for a failed call that has no field: the server's words, translated. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
