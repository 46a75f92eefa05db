import type { Violation } from '../schemas/hydra';

// The kernel of every shared rule (issue 39): how a rule says what is wrong, where. Every folder's
// rules (orders, address book, complaints, account, cms, calendar, webhooks...) build their
// violations here; it imports nothing but the Hydra violation's type.

/** A violation of a shared rule: always with a code. */
export type RuleViolation = Violation & { code: string };

export function violation(
  propertyPath: string,
  message: string,
  code: string,
  parameters?: Record<string, string | number>,
): RuleViolation {
  if (!parameters) return { propertyPath, message, code };
  const filled = message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in parameters ? String(parameters[name]) : whole,
  );
  return { propertyPath, message: filled, code, messageTemplate: message, parameters };
}

/** Joins a base path and a field: `at('orderLines[0]', 'sender')` → `orderLines[0].sender`. */
export function at(base: string, field: string): string {
  if (base === '') return field;
  return field.startsWith('[') ? `${base}${field}` : `${base}.${field}`;
}

export const isBlank = (value: string | null | undefined): boolean => value == null || value.trim() === '';
