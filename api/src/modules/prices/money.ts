// Integer-cent arithmetic with explicit rounding: every percentage rounds half up to a whole
// cent (amounts here are never negative), with no floating point on the way.

/** `basisPoints` of `cents` (10000 = 100 %), rounded half up: percentOf(125, 200) = 3 (2.5 → 3). */
export function percentOf(cents: number, basisPoints: number): number {
  assertNonNegativeInteger(cents, 'cents');
  assertNonNegativeInteger(basisPoints, 'basisPoints');
  return Math.floor((cents * basisPoints + 5000) / 10000);
}

/** The VAT part of a gross amount at `rate` basis points: gross − round(gross / (1 + rate)), half up. */
export function vatIncluded(grossCents: number, rate: number): number {
  assertNonNegativeInteger(grossCents, 'grossCents');
  assertNonNegativeInteger(rate, 'rate');
  if (rate === 0) return 0;
  const net = Math.floor((grossCents * 10000 * 2 + (10000 + rate)) / (2 * (10000 + rate)));
  return grossCents - net;
}

function assertNonNegativeInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}
