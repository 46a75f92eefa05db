import type { ServerMessageSource } from '@portal/shared-contracts/i18n/server-messages';

/**
 * The settings' form field of a violation's property path: the account's contact details are
 * sent under `contact` (`contact.address` is the `address` field). For fieldErrorsOf and
 * messagesByField (@portal/shared-contracts).
 */
export const settingsField = (propertyPath: string): string => propertyPath.replace(/^contact\./, '');

/** The message to show for a failed call that has no field: the server's words, translated. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a failed call said, for translateServerMessage: the error itself, so its code finds the text. */
export function saidOf(error: unknown): ServerMessageSource {
  return error instanceof Error ? error : { message: String(error) };
}
