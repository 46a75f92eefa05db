import { formatScaledInteger } from './scaled-integer';

/**
 * Shows a rate held as a fraction of one (the API's `priceRatio`, VAT: 0.21) as a
 * percentage (SPEC §9): 0.21 → "21 %", 0.055 → "5,5 %", 0.0125 → "1,25 %".
 * Rounded to hundredths of a percent (basis points), which also hides float noise
 * such as 0.07 * 100 = 7.000000000000001. A normal space precedes %, as with €.
 */
export function formatPercentage(rate: number): string {
  if (!Number.isFinite(rate)) throw new RangeError(`expected a rate, got ${rate}`);
  const basisPoints = Math.round(rate * 10_000);
  return `${formatScaledInteger(basisPoints, 2, { trimTrailingZeros: true })} %`;
}
