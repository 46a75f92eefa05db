/**
 * Size and weight limits of SPEC §5 and §9 that the calculator checks as the user types and the
 * API checks again (the API is the authority). Lengths in whole millimetres, weights in grams.
 */

/** SPEC §9: letters up to 2 kg. */
export const LETTER_MAX_WEIGHT_GRAMS = 2000;
/** SPEC §5 and §9: A + B + C under 90 cm, at most 2 cm thick, at most 60 cm long, at least 9 × 14 cm. */
export const LETTER_LIMITS_MM = { sumBelow: 900, maxThickness: 20, maxLength: 600, minLength: 140, minWidth: 90 };
/** SPEC §9: the parcel locker takes 38 × 38 × 58 cm and 30 kg (domestic and Baltic). */
export const PARCEL_LOCKER_MAX_MM: readonly [number, number, number] = [580, 380, 380];
export const PARCEL_LOCKER_MAX_WEIGHT_GRAMS = 30_000;
/** Largest side any request may carry at all (3 m); above a product's own limit it is simply not offered. */
export const MAX_REQUEST_SIDE_MM = 3000;

/** A broken limit, shaped as the API's violations: `{propertyPath, message, code}`. */
export interface LimitViolation {
  propertyPath: string;
  message: string;
  code: string;
}

/** Outer size of an item: three sides in millimetres, in any order. */
export interface Dimensions {
  length: number;
  width: number;
  height: number;
}

export const LIMIT_MESSAGES = {
  letterTooHeavy: 'Too heavy for a letter: choose a parcel.',
  letterTooLarge: 'A letter must measure under 90 cm in length, width and thickness together.',
  letterTooThick: 'A letter is at most 2 cm thick.',
  letterTooLong: 'A letter is at most 60 cm long.',
  letterTooSmall: 'A letter is at least 9 × 14 cm.',
  lockerTooLarge: 'Too large for a parcel locker: at most 38 × 38 × 58 cm.',
  lockerTooHeavy: 'Too heavy for a parcel locker: at most 30 kg.',
} as const;

export const LIMIT_CODES = {
  letterTooHeavy: 'LETTER_TOO_HEAVY',
  letterTooLarge: 'LETTER_TOO_LARGE',
  letterTooThick: 'LETTER_TOO_THICK',
  letterTooLong: 'LETTER_TOO_LONG',
  letterTooSmall: 'LETTER_TOO_SMALL',
  lockerTooLarge: 'PARCEL_LOCKER_TOO_LARGE',
  lockerTooHeavy: 'PARCEL_LOCKER_TOO_HEAVY',
} as const;

type Side = keyof Dimensions;
const SIDES: readonly Side[] = ['length', 'width', 'height'];

/** The sides from longest to shortest, each with the field it was typed in. */
function sortedSides(dimensions: Dimensions): { side: Side; mm: number }[] {
  return SIDES.map((side) => ({ side, mm: dimensions[side] })).sort((a, b) => b.mm - a.mm);
}

function violation(path: string, key: keyof typeof LIMIT_MESSAGES): LimitViolation {
  return { propertyPath: path, message: LIMIT_MESSAGES[key], code: LIMIT_CODES[key] };
}

/**
 * SPEC §5 "Letters": the letter size rules. A person may type the sides in any order, so the
 * longest is the length and the shortest the thickness; each violation names the field that breaks it.
 * `prefix` is the path of the dimensions object (`dimensions`).
 */
export function letterDimensionViolations(dimensions: Dimensions, prefix = 'dimensions'): LimitViolation[] {
  const [longest, middle, shortest] = sortedSides(dimensions) as [
    { side: Side; mm: number },
    { side: Side; mm: number },
    { side: Side; mm: number },
  ];
  const at = (side: Side) => `${prefix}.${side}`;
  const found: LimitViolation[] = [];
  if (longest.mm + middle.mm + shortest.mm >= LETTER_LIMITS_MM.sumBelow)
    found.push(violation(prefix, 'letterTooLarge'));
  if (longest.mm > LETTER_LIMITS_MM.maxLength) found.push(violation(at(longest.side), 'letterTooLong'));
  if (shortest.mm > LETTER_LIMITS_MM.maxThickness) found.push(violation(at(shortest.side), 'letterTooThick'));
  if (longest.mm < LETTER_LIMITS_MM.minLength) found.push(violation(at(longest.side), 'letterTooSmall'));
  else if (middle.mm < LETTER_LIMITS_MM.minWidth) found.push(violation(at(middle.side), 'letterTooSmall'));
  return found;
}

/** SPEC §5 "choose parcel if too heavy for small package": a letter above 2 kg. */
export function letterWeightViolations(weight: number, path = 'weight'): LimitViolation[] {
  return weight > LETTER_MAX_WEIGHT_GRAMS ? [violation(path, 'letterTooHeavy')] : [];
}

/**
 * Whether an item fits a product's size limit: `limit` holds the longest, middle and shortest
 * allowed side in mm (null: no limit on that side, e.g. a workflow that only caps the length);
 * the item's sides are compared longest to longest, whatever order they were typed in.
 */
export function fitsWithin(dimensions: Dimensions, limit: readonly (number | null)[]): boolean {
  return sortedSides(dimensions).every(({ mm }, index) => {
    const bound = limit[index];
    return bound === null || bound === undefined || mm <= bound;
  });
}

/**
 * SPEC §9 parcel locker limits, for a parcel handed in or received at a locker: violations on
 * the dimensions object and the weight.
 */
export function parcelLockerViolations(
  weight: number,
  dimensions: Dimensions | null,
  prefix = 'dimensions',
): LimitViolation[] {
  const found: LimitViolation[] = [];
  if (dimensions && !fitsWithin(dimensions, PARCEL_LOCKER_MAX_MM)) found.push(violation(prefix, 'lockerTooLarge'));
  if (weight > PARCEL_LOCKER_MAX_WEIGHT_GRAMS) found.push(violation('weight', 'lockerTooHeavy'));
  return found;
}
