import { ApplicationError } from '@portal/shared-contracts';
import type { ServerMessageSource } from '@portal/shared-contracts/i18n/server-messages';

/**
 * A failed returns call: its violations by field (the first of each), and what to show for the call
 * as a whole. Shown through `translateServerMessage`: the returns' codes are in the server messages.
 */
export interface ReturnFailure {
  fields: Record<string, ServerMessageSource>;
  general: ServerMessageSource | null;
}

export function returnFailure(error: unknown): ReturnFailure {
  if (!(error instanceof ApplicationError)) {
    return { fields: {}, general: { message: error instanceof Error ? error.message : String(error) } };
  }
  const fields: Record<string, ServerMessageSource> = {};
  for (const violation of error.violations) fields[violation.propertyPath] ??= violation;
  return { fields, general: error.violations.length === 0 ? { message: error.message, code: error.code } : null };
}
