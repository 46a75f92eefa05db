import { formatScaledInteger } from './scaled-integer';

/**
 * Weights are held in grams (SPEC §9) and shown in grams below 1000, otherwise in kilograms
 * with a German decimal comma and no trailing zeros: 950 → "950 g", 1500 → "1,5 kg",
 * 2000 → "2 kg", 1234 → "1,234 kg". Fractions of a gram are rounded away first, so a
 * kilogram value never needs more than three decimals.
 */
export function formatWeight(grams: number): string {
  if (!Number.isFinite(grams)) throw new RangeError(`expected a weight in grams, got ${grams}`);
  const wholeGrams = Math.round(grams);
  if (Math.abs(wholeGrams) < 1000) return `${formatScaledInteger(wholeGrams, 0)} g`;
  return `${formatScaledInteger(wholeGrams, 3, { trimTrailingZeros: true })} kg`;
}
