/**
 * Writes an integer held in small units (cents, grams, basis points) as a German-format
 * decimal: `formatScaledInteger(123456, 2)` → "1.234,56". Working on the integer's digits
 * instead of dividing keeps binary floating point (0.1 + 0.2) out of displayed amounts.
 */
export function formatScaledInteger(value: number, decimals: number, options: { trimTrailingZeros?: boolean } = {}) {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`expected a whole number of units, got ${value}`);
  }
  const digits = String(Math.abs(value)).padStart(decimals + 1, '0');
  const integerDigits = digits.slice(0, digits.length - decimals);
  let fraction = digits.slice(digits.length - decimals);
  if (options.trimTrailingZeros) fraction = fraction.replace(/0+$/, '');
  const sign = value < 0 ? '-' : '';
  const grouped = integerDigits.replace(/\B(?=(\d{3})+$)/g, '.');
  return fraction ? `${sign}${grouped},${fraction}` : `${sign}${grouped}`;
}
