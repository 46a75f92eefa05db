import {
  type AdditionalServiceName,
  type Dimensions,
  type HandoverType,
  letterDimensionViolations,
  letterWeightViolations,
  MAX_PRICE_COUNTRIES,
  MAX_REQUEST_SIDE_MM,
  MAX_REQUEST_WEIGHT_GRAMS,
  type PriceByCountryRequest,
  type PricedWorkFlow,
  parcelLockerViolations,
  type ShipmentSizeType,
  type ShipmentType,
} from '@portal/shared-contracts/pricing';

/**
 * What the calculator form holds. Numbers stay the text the person typed (decimal comma or
 * point, SPEC §5) until the request is built: weight in grams for letters and kilograms for
 * parcels, sides in centimetres, insurance in whole euros.
 */
export interface CalculatorForm {
  countryCodes: string[];
  shipmentType: ShipmentType;
  weight: string;
  sizeMode: 'dimensions' | 'sizeClass';
  length: string;
  width: string;
  height: string;
  sizeClass: ShipmentSizeType | null;
  transferType: HandoverType | null;
  receivingType: HandoverType | null;
  services: AdditionalServiceName[];
  insurance: string;
}

export const EMPTY_FORM: CalculatorForm = {
  countryCodes: [],
  shipmentType: 'parcel',
  weight: '',
  sizeMode: 'dimensions',
  length: '',
  width: '',
  height: '',
  sizeClass: null,
  transferType: null,
  receivingType: null,
  services: [],
  insurance: '',
};

/** The size classes a parcel can be priced by: locker sizes and the international small / large. */
export const SIZE_CLASSES: readonly ShipmentSizeType[] = ['xs', 's', 'm', 'l', 'xl', 'small', 'large'];
export const TRANSFER_OPTIONS: readonly HandoverType[] = ['postOffice', 'parcelMachine', 'courier'];
export const RECEIVING_OPTIONS: readonly HandoverType[] = [
  'postOffice',
  'parcelMachine',
  'courier',
  'atReceiverAddress',
];
/** The services a person can add in the calculator (the rest belong to the order, e.g. cash on delivery). */
export const CALCULATOR_SERVICES: readonly AdditionalServiceName[] = [
  'insurance',
  'fragile',
  'bigSize',
  'courierPickUp',
  'trackingInternational',
  'deliveryConfirmationLatvia',
  'deliveryConfirmationAbroad',
];

export type FieldName = 'countryCodes' | 'weight' | 'dimensions' | 'length' | 'width' | 'height' | 'insurance';
/** A problem shown beside a field: `code` picks the translation, `message` is the English fallback. */
export interface FieldError {
  code: string;
  message: string;
}
export type FieldErrors = Partial<Record<FieldName, FieldError>>;

export const CLIENT_CODES = {
  countryRequired: 'COUNTRY_REQUIRED',
  tooManyCountries: 'TOO_MANY_COUNTRIES',
  weightRequired: 'WEIGHT_REQUIRED',
  weightPositive: 'WEIGHT_POSITIVE',
  weightTooBig: 'WEIGHT_TOO_BIG',
  sideRequired: 'SIDE_REQUIRED',
  sideTooBig: 'SIDE_TOO_BIG',
  insuranceRequired: 'INSURANCE_WITHOUT_VALUE',
  insuranceWhole: 'INSURANCE_INVALID',
} as const;

/** Weight text → grams: letters are typed in grams, parcels in kilograms. NaN when not a number. */
export function toGrams(text: string, shipmentType: ShipmentType): number {
  if (text.trim() === '') return Number.NaN;
  const value = Number(text);
  return Math.round(shipmentType === 'letter' ? value : value * 1000);
}

/** Grams → the text the weight field shows for that shipment type (used when the type changes). */
export function weightText(grams: number, shipmentType: ShipmentType): string {
  if (!Number.isFinite(grams)) return '';
  return String(shipmentType === 'letter' ? grams : grams / 1000);
}

const SIDES = ['length', 'width', 'height'] as const;

function toMillimetres(text: string): number {
  return text.trim() === '' ? Number.NaN : Math.round(Number(text) * 10);
}

function first(errors: FieldErrors, field: FieldName, error: FieldError) {
  if (!errors[field]) errors[field] = error;
}

/**
 * The form as a price request, or the problems to show beside the fields (the client repeats the
 * rules for instant feedback; the API checks them again). Dimensions are optional, but once one
 * side is typed all three are needed.
 */
export function toPriceRequest(form: CalculatorForm): { request: PriceByCountryRequest | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (form.countryCodes.length === 0) {
    errors.countryCodes = { code: CLIENT_CODES.countryRequired, message: 'Choose at least one country.' };
  } else if (form.countryCodes.length > MAX_PRICE_COUNTRIES) {
    errors.countryCodes = {
      code: CLIENT_CODES.tooManyCountries,
      message: `You can choose up to ${MAX_PRICE_COUNTRIES} countries.`,
    };
  }

  const weight = toGrams(form.weight, form.shipmentType);
  if (form.weight.trim() === '') errors.weight = { code: CLIENT_CODES.weightRequired, message: 'Enter the weight.' };
  else if (!(weight >= 1))
    errors.weight = { code: CLIENT_CODES.weightPositive, message: 'The weight should be positive.' };
  else if (weight > MAX_REQUEST_WEIGHT_GRAMS) {
    errors.weight = { code: CLIENT_CODES.weightTooBig, message: 'Too heavy for every product.' };
  }

  let dimensions: Dimensions | null = null;
  const usesDimensions = form.shipmentType === 'letter' || form.sizeMode === 'dimensions';
  if (usesDimensions && SIDES.some((side) => form[side].trim() !== '')) {
    const sides = SIDES.map((side) => toMillimetres(form[side]));
    SIDES.forEach((side, index) => {
      const mm = sides[index]!;
      if (!(mm >= 1)) errors[side] = { code: CLIENT_CODES.sideRequired, message: 'Enter all three sides.' };
      else if (mm > MAX_REQUEST_SIDE_MM)
        errors[side] = { code: CLIENT_CODES.sideTooBig, message: 'Too large for every product.' };
    });
    if (SIDES.every((side) => !errors[side])) {
      dimensions = { length: sides[0]!, width: sides[1]!, height: sides[2]! };
    }
  }

  // SPEC §5 letters: the size rules and "choose parcel if too heavy"; §9 the parcel locker limits.
  const limitViolations =
    form.shipmentType === 'letter'
      ? [
          ...(Number.isFinite(weight) ? letterWeightViolations(weight) : []),
          ...(dimensions ? letterDimensionViolations(dimensions) : []),
        ]
      : form.transferType === 'parcelMachine' || form.receivingType === 'parcelMachine'
        ? parcelLockerViolations(Number.isFinite(weight) ? weight : 0, dimensions)
        : [];
  for (const violation of limitViolations) {
    const field = fieldOf(violation.propertyPath);
    if (field) first(errors, field, { code: violation.code, message: violation.message });
  }

  const insured = form.services.includes('insurance');
  let insurance: number | null = null;
  if (insured) {
    const euros = Number(form.insurance);
    if (form.insurance.trim() === '') {
      errors.insurance = { code: CLIENT_CODES.insuranceRequired, message: 'Insurance selected without a value.' };
    } else if (!Number.isInteger(euros) || euros < 1) {
      errors.insurance = {
        code: CLIENT_CODES.insuranceWhole,
        message: 'The insured amount should be a whole number of euros, at least 1.',
      };
    } else insurance = euros * 100;
  }

  if (Object.keys(errors).length > 0) return { request: null, errors };
  const parcel = form.shipmentType === 'parcel';
  return {
    request: {
      shipmentType: form.shipmentType,
      countryCodes: form.countryCodes,
      weight,
      ...(dimensions ? { dimensions } : {}),
      ...(parcel && form.sizeMode === 'sizeClass' && form.sizeClass ? { shipmentSizeType: form.sizeClass } : {}),
      ...(parcel && form.transferType ? { transferType: form.transferType } : {}),
      ...(parcel && form.receivingType ? { receivingType: form.receivingType } : {}),
      ...(form.services.length > 0 ? { additionalServices: form.services } : {}),
      ...(insurance !== null ? { insurance } : {}),
    },
    errors,
  };
}

/** The form field a server violation belongs to (`countryCodes[1]` → countries), or null for the page. */
export function fieldOf(propertyPath: string): FieldName | null {
  if (propertyPath.startsWith('countryCodes')) return 'countryCodes';
  if (propertyPath === 'weight') return 'weight';
  if (propertyPath === 'insurance') return 'insurance';
  if (propertyPath === 'dimensions') return 'dimensions';
  const side = /^dimensions\.(length|width|height)$/.exec(propertyPath)?.[1];
  return (side as FieldName | undefined) ?? null;
}

/** The choice "order this" hands to the order flow. */
export interface OrderChoice {
  shipmentType: ShipmentType;
  countryCode: string;
  weight: number;
  workflowId: number;
}

/** `/orders/parcel?country=LT&weight=2000&workFlow=12`: the order wizard reads these parameters. */
export function orderPath(choice: OrderChoice): string {
  const query = new URLSearchParams({
    country: choice.countryCode,
    weight: String(choice.weight),
    workFlow: String(choice.workflowId),
  });
  return `/orders/${choice.shipmentType}?${query}`;
}

export function orderChoice(workflow: PricedWorkFlow, weight: number): OrderChoice {
  return {
    shipmentType: workflow.shipmentType,
    countryCode: workflow.countryCode,
    weight,
    workflowId: workflow.id,
  };
}
