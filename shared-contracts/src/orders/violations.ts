import type { Violation } from '../schemas/hydra';

/** A violation of an order rule: always with a code. */
export type OrderViolation = Violation & { code: string };

export function violation(
  propertyPath: string,
  message: string,
  code: string,
  parameters?: Record<string, string | number>,
): OrderViolation {
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
