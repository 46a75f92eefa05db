// zod/mini, as the other shared entries (keeps classic zod out of the browser bundle).
import * as z from 'zod/mini';
import type { RuleViolation } from '../rules/violations';
import { isBlank, violation } from '../rules/violations';

// SPEC §1 "goods-code (HS code) search with saved codes", §5 "goods code unique per account": an
// account keeps the HS codes it ships often, each with its own description, and the order
// wizard's content step offers them before the nomenclature's. The API enforces these rules and
// the Product classification tab (mf-account) checks them first.

/** The user's own description of the goods. */
export const MAX_SAVED_HS_CODE_DESCRIPTION = 120;
/** Codes one account keeps: enough for a shop's catalogue, few enough to list without paging. */
export const MAX_SAVED_HS_CODES = 100;

export const SAVED_HS_CODE_MESSAGES = {
  notUnique: 'This goods code is already saved.',
  format: 'An HS code has 6 to 10 digits.',
  notFound: 'HS code not found.',
  descriptionBlank: 'Describe the goods in your own words.',
  descriptionTooLong: `The description can have at most ${MAX_SAVED_HS_CODE_DESCRIPTION} characters.`,
  tooMany: `An account can keep at most ${MAX_SAVED_HS_CODES} goods codes.`,
  savedNotFound: 'Saved goods code not found.',
} as const;

export const SAVED_HS_CODE_CODES = {
  notUnique: 'HS_CODE_NOT_UNIQUE',
  format: 'HS_CODE_FORMAT',
  notFound: 'HS_CODE_NOT_FOUND',
  descriptionBlank: 'DESCRIPTION_BLANK',
  descriptionTooLong: 'DESCRIPTION_TOO_LONG',
  tooMany: 'TOO_MANY_SAVED_HS_CODES',
} as const;

/** One saved code as GET /api/accounts/{id}/saved_hs_codes lists it. */
export const savedHsCodeSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('SavedHsCode'),
  id: z.int(),
  /** Digits only: the 6-digit HS subheading, or 8–10 digits of a CN or national code. */
  code: z.string(),
  /** The user's own words. */
  description: z.string(),
  /** The nomenclature's name of the code's subheading, English and Latvian (null: no Latvian). */
  hsDescription: z.string(),
  hsDescriptionLv: z.nullable(z.string()),
  createdAt: z.string(),
});
export type SavedHsCode = z.infer<typeof savedHsCodeSchema>;

/** `4202 22`, `4202.22.00` → `42022200`. */
export const hsCodeDigits = (code: string): string => code.replace(/[\s.]/g, '');

/**
 * The violations of a code and description to save (paths `code`, `description`). `savedCodes`
 * are the account's codes other than the one being changed (uniqueness); whether the code is in
 * the nomenclature is the API's check (the browser has no nomenclature).
 */
export function savedHsCodeViolations(
  input: { code?: string; description: string },
  savedCodes: readonly string[] = [],
): RuleViolation[] {
  const found: RuleViolation[] = [];
  if (input.code !== undefined) {
    const code = hsCodeDigits(input.code);
    if (!/^\d{6,10}$/.test(code))
      found.push(violation('code', SAVED_HS_CODE_MESSAGES.format, SAVED_HS_CODE_CODES.format));
    else if (savedCodes.includes(code))
      found.push(violation('code', SAVED_HS_CODE_MESSAGES.notUnique, SAVED_HS_CODE_CODES.notUnique));
  }
  const description = input.description.replace(/\s+/g, ' ').trim();
  if (isBlank(description))
    found.push(violation('description', SAVED_HS_CODE_MESSAGES.descriptionBlank, SAVED_HS_CODE_CODES.descriptionBlank));
  else if (description.length > MAX_SAVED_HS_CODE_DESCRIPTION)
    found.push(
      violation('description', SAVED_HS_CODE_MESSAGES.descriptionTooLong, SAVED_HS_CODE_CODES.descriptionTooLong),
    );
  return found;
}

/**
 * Saved codes that fit what is typed in the content step's HS code field: all of them for an
 * empty field, else those whose code starts with the typed digits or whose descriptions hold
 * every typed word (case and diacritics ignored).
 */
export function matchSavedHsCodes<
  T extends Pick<SavedHsCode, 'code' | 'description' | 'hsDescription' | 'hsDescriptionLv'>,
>(saved: readonly T[], typed: string): T[] {
  const text = typed.trim();
  if (text === '') return [...saved];
  if (/^[\d\s.]+$/.test(text)) {
    const digits = hsCodeDigits(text);
    return saved.filter((item) => item.code.startsWith(digits));
  }
  const words = fold(text).split(' ').filter(Boolean);
  return saved.filter((item) => {
    const haystack = fold(`${item.description} ${item.hsDescription} ${item.hsDescriptionLv ?? ''}`);
    return words.every((word) => haystack.includes(word));
  });
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
