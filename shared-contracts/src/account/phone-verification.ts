import * as z from 'zod/mini';
import { phoneFormatProblem } from '../people/person-rules';
import type { RuleViolation } from '../rules/violations';
import { violation } from '../rules/violations';

// SPEC §4 "Phone change" and §8 "verification code missing, invalid, expired or failed": a new
// phone number becomes the sender profile's only after the 6-digit code sent to it by SMS is typed
// back. The one place these limits and messages are written; the API enforces them and the
// phone-change screen (mf-account) shows the same messages and counts down the same seconds.

/** Digits of a verification code. */
export const PHONE_CODE_LENGTH = 6;
/** A code can be used for this long after it is sent. */
export const PHONE_CODE_TTL_MINUTES = 10;
/** Wrong codes typed before the code is spent ("failed"): a new one must be asked for. */
export const PHONE_CODE_MAX_ATTEMPTS = 5;
/** A new code can be asked for this long after the previous one (the screen counts it down). */
export const PHONE_CODE_RESEND_SECONDS = 60;
/** Codes one account can ask for within an hour: a text message costs money and reaches a stranger's phone. */
export const PHONE_CODES_PER_HOUR = 5;

export const PHONE_CODE_MESSAGES = {
  missing: 'Verification code missing.',
  invalid: 'Verification code invalid.',
  expired: 'Verification code expired.',
  failed: 'Verification code failed: too many wrong attempts. Ask for a new code.',
  phoneRequired: 'Enter the new phone number.',
  samePhone: 'This is already the phone number of the account.',
  resendTooEarly: 'Please wait until you can ask for a new code.',
  tooManyCodes: 'Too many codes were asked for this hour. Please try again later.',
  notSent: 'The verification code could not be sent. Please try again later.',
  needsVerification: 'The phone number is changed with a code sent to the new number.',
  notFound: 'Phone verification not found.',
} as const;

export const PHONE_CODE_CODES = {
  missing: 'VERIFICATION_CODE_MISSING',
  invalid: 'VERIFICATION_CODE_INVALID',
  expired: 'VERIFICATION_CODE_EXPIRED',
  failed: 'VERIFICATION_CODE_FAILED',
  phoneRequired: 'PHONE_REQUIRED',
  samePhone: 'SAME_PHONE',
  needsVerification: 'PHONE_NEEDS_VERIFICATION',
} as const;

/** What POST /api/accounts/{id}/phone_verifications answers: the code went out to this number. */
export const phoneVerificationSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('PhoneVerification'),
  id: z.int(),
  phonePrefix: z.string(),
  phone: z.string(),
  /** ISO date-time after which the code is expired. */
  expiresAt: z.string(),
  /** ISO date-time from which a new code can be asked for. */
  resendAvailableAt: z.string(),
  attemptsLeft: z.int(),
});
export type PhoneVerification = z.infer<typeof phoneVerificationSchema>;

/** The new number's violations before a code is sent (field paths `phonePrefix`, `phone`). */
export function phoneChangeViolations(
  request: { phonePrefix: string; phone: string },
  current: { phonePrefix: string; phone: string | null },
): RuleViolation[] {
  const prefix = request.phonePrefix.trim();
  const phone = request.phone.trim();
  if (phone === '') return [violation('phone', PHONE_CODE_MESSAGES.phoneRequired, PHONE_CODE_CODES.phoneRequired)];
  const format = phoneFormatProblem(prefix, phone);
  if (format) return [violation(format.field, format.message, 'INVALID_PHONE')];
  if (current.phone === phone && current.phonePrefix === prefix)
    return [violation('phone', PHONE_CODE_MESSAGES.samePhone, PHONE_CODE_CODES.samePhone)];
  return [];
}

/** The code as typed: spaces dropped (codes are often typed in two groups of three). */
export const normalisePhoneCode = (code: string): string => code.replace(/\s+/g, '');

/** A typed code's violation before it is checked against the stored one: missing or malformed. */
export function phoneCodeViolation(code: string | null | undefined): RuleViolation | null {
  const typed = normalisePhoneCode(code ?? '');
  if (typed === '') return violation('code', PHONE_CODE_MESSAGES.missing, PHONE_CODE_CODES.missing);
  if (!new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(typed))
    return violation('code', PHONE_CODE_MESSAGES.invalid, PHONE_CODE_CODES.invalid);
  return null;
}

/** Whole seconds until `availableAt` (0 when it has passed): the resend countdown. */
export function secondsUntil(availableAt: string | Date, now: Date = new Date()): number {
  const at = typeof availableAt === 'string' ? Date.parse(availableAt) : availableAt.getTime();
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}
