// Which S10 service indicator (the two leading letters) the portal gives each product. The one
// place this is decided: the orders module asks `serviceIndicatorFor` when a paid line gets its
// number. The first letter is fixed by the UPU classes (s10.md, "Service indicator codes"); the
// second letter is each post's own choice, and Latvijas Pasts' series are not public (the
// workflows' barcodeRequestConfigs are placeholders for the same reason), so the defaults below
// are configurable placeholders: an override per class replaces them.

/** The kinds of item the UPU classes tell apart, as far as this portal's products go. */
export type S10ServiceClass =
  /** R: letter post, registered. */
  | 'registeredLetter'
  /** V: letter post, insured. */
  | 'insuredLetter'
  /** L: letter post, tracked (not registered). */
  | 'trackedLetter'
  /** U: letter-post items to which L, M, Q, R and V do not apply (plain letters, economy small packets). */
  | 'otherLetter'
  /** C: parcel post. */
  | 'parcel'
  /** E: EMS (express). */
  | 'express';

/** First letter of each class (UPU S10). An override must keep it. */
export const S10_CLASS_LETTERS: Readonly<Record<S10ServiceClass, string>> = {
  registeredLetter: 'R',
  insuredLetter: 'V',
  trackedLetter: 'L',
  otherLetter: 'U',
  parcel: 'C',
  express: 'E',
};

/** Default indicators (second letter: placeholder, see above). */
export const S10_DEFAULT_SERVICE_INDICATORS: Readonly<Record<S10ServiceClass, string>> = {
  registeredLetter: 'RR',
  insuredLetter: 'VV',
  trackedLetter: 'LL',
  otherLetter: 'UU',
  parcel: 'CC',
  express: 'EE',
};

/** What of a product decides its class: the workflow's type, subtype and size, and insurance. */
export interface S10Product {
  shipmentType: 'letter' | 'parcel';
  /** Workflow subtype (SPEC §4): economy, registered, trackable, premium, standard, standardPlus. */
  shipmentSubType: string;
  /** Workflow size type; `small` marks the international small packet, a letter-post item. */
  shipmentSizeType?: string | null;
  /** The line has the insurance service. */
  insured: boolean;
}

/**
 * The UPU class of a product:
 * - letters: insured → V, registered → R, trackable → L, anything else (economy) → U;
 * - small packets (size `small`, letter post under UPU rules): insured or Standard+ → V,
 *   Standard (registered, tracked) → R, Economy (unregistered) → U;
 * - other parcels: Premium → E (express), every other parcel → C.
 */
export function s10ServiceClassFor(product: S10Product): S10ServiceClass {
  const { shipmentType, shipmentSubType, shipmentSizeType, insured } = product;
  if (shipmentType === 'letter') {
    if (insured) return 'insuredLetter';
    if (shipmentSubType === 'registered') return 'registeredLetter';
    if (shipmentSubType === 'trackable') return 'trackedLetter';
    return 'otherLetter';
  }
  if (shipmentSizeType === 'small') {
    if (insured || shipmentSubType === 'standardPlus') return 'insuredLetter';
    if (shipmentSubType === 'standard' || shipmentSubType === 'registered') return 'registeredLetter';
    return 'otherLetter';
  }
  return shipmentSubType === 'premium' ? 'express' : 'parcel';
}

/**
 * The two letters for a product. `overrides` (e.g. from configuration or a workflow's
 * barcodeRequestConfigs) replace a class's default; an override that is not two capitals or that
 * changes the UPU class letter is refused with a RangeError, so a misconfiguration cannot mint
 * numbers of the wrong class.
 */
export function serviceIndicatorFor(
  product: S10Product,
  overrides: Partial<Record<S10ServiceClass, string>> = {},
): string {
  const serviceClass = s10ServiceClassFor(product);
  const indicator = overrides[serviceClass] ?? S10_DEFAULT_SERVICE_INDICATORS[serviceClass];
  if (!/^[A-Z]{2}$/.test(indicator) || indicator[0] !== S10_CLASS_LETTERS[serviceClass]) {
    throw new RangeError(
      `service indicator "${indicator}" does not fit class ${serviceClass} (must start with ${S10_CLASS_LETTERS[serviceClass]})`,
    );
  }
  return indicator;
}
