import { formatScaledInteger } from './scaled-integer';

/**
 * Money is held in integer cents (SPEC §9) and shown in euros with two decimals in German
 * number format: 123456 → "1.234,56 €", -5 → "-0,05 €".
 * The space before € is a normal space on purpose: Intl puts a no-break space there, and
 * browsers and Node disagree on which one, which breaks text matching in tests and e2e.
 * Throws a RangeError for a non-integer, because fractional cents mean a caller bug.
 */
export function formatMoney(cents: number): string {
  return `${formatScaledInteger(cents, 2)} €`;
}

const MONEY_INPUT = /^([+-]?)([\d.,]+)$/;

/**
 * Reads a euro amount typed by a person into integer cents, or null when it is not a number.
 * - Comma and point both work as the decimal separator. When both appear ("1.234,56",
 *   "1,234.56") the last one is decimal and the other groups thousands; a separator that
 *   appears more than once ("1.234.567") only groups thousands.
 * - Spaces and the € sign are ignored.
 * - More than two decimals round half away from zero on the digits themselves, with no
 *   floating point: "12,345" → 1235, "-12,345" → -1235, "12,344" → 1234.
 */
export function parseMoneyToCents(input: string): number | null {
  const match = MONEY_INPUT.exec(input.replace(/[\s€]/g, ''));
  if (!match) return null;
  const [, sign, number = ''] = match;
  const { integerDigits, fractionDigits } = splitAtDecimalSeparator(number);
  if (integerDigits === '' && fractionDigits === '') return null;

  const centDigits = fractionDigits.padEnd(2, '0').slice(0, 2);
  const roundsUp = (fractionDigits[2] ?? '0') >= '5';
  const cents = Number(integerDigits || '0') * 100 + Number(centDigits) + (roundsUp ? 1 : 0);
  if (!Number.isSafeInteger(cents)) return null;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

function splitAtDecimalSeparator(number: string): { integerDigits: string; fractionDigits: string } {
  const decimalAt = Math.max(number.lastIndexOf(','), number.lastIndexOf('.'));
  const separator = number.charAt(decimalAt);
  if (decimalAt === -1 || number.indexOf(separator) !== decimalAt) {
    // No separator, or the last one repeats ("1.234.567"): every separator groups thousands.
    return { integerDigits: number.replace(/[.,]/g, ''), fractionDigits: '' };
  }
  return {
    integerDigits: number.slice(0, decimalAt).replace(/[.,]/g, ''),
    fractionDigits: number.slice(decimalAt + 1),
  };
}
