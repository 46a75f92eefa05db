// Which places a product may use (issue 40 item 2): one rule for the API (the authority, which
// refuses an order whose hand-over or delivery place the product cannot use) and the pickers
// (which offer only the places this rule accepts, and say why the others are missing).
//
// The facts are data, never code: a product (workflow) names its transfer and receiving options
// (which kinds of place) and the networks (operators) it hands over and delivers at; a place
// names its type, operator and whether it is pick-up only ("tikai izņemšana": a parcel can be
// collected there but not handed over).
import { type OrderViolation, violation } from './violations';

/** Where on the order the place is used: where the sender hands over, or where the receiver collects. */
export type LocationRole = 'transfer' | 'receiving';

/** The kind of place a transfer or receiving option allows (SPEC §3 workflows). */
export type PlaceType = 'parcelLocker' | 'postOffice';

/** What the rule needs of a product (a workflow row). */
export interface ProductPlaces {
  transferType: string | null;
  receivingType: string | null;
  /** Operators whose places the product hands over at; empty: any operator. */
  transferNetworks: readonly string[];
  /** Operators whose places the product delivers at; empty: any operator. */
  receivingNetworks: readonly string[];
  /** The country the product delivers to; null for a zone product (any country). */
  countryCode: string | null;
}

/** What the rule needs of a place (a service-location row). */
export interface PlaceFacts {
  type: string;
  operator: string;
  countryCode: string;
  /** Parcels are only collected here, never handed over. */
  pickUpOnly: boolean;
  /** A retired place (kept for old orders) takes no new ones. */
  active?: boolean;
}

export const LOCATION_USE_CODES = {
  notFound: 'LOCATION_NOT_FOUND',
  wrongType: 'LOCATION_WRONG_TYPE',
  wrongNetwork: 'LOCATION_WRONG_NETWORK',
  wrongCountry: 'LOCATION_WRONG_COUNTRY',
  pickUpOnly: 'LOCATION_PICK_UP_ONLY',
  retired: 'LOCATION_RETIRED',
} as const;
export type LocationUseCode = (typeof LOCATION_USE_CODES)[keyof typeof LOCATION_USE_CODES];

/** English messages (the API's language; Latvian in i18n/server-messages.ts, keyed by these). */
export const LOCATION_USE_MESSAGES: Record<LocationUseCode, string> = {
  LOCATION_NOT_FOUND: 'This place was not found.',
  LOCATION_WRONG_TYPE: 'This product does not use this kind of place.',
  LOCATION_WRONG_NETWORK: "This product does not use this operator's places.",
  LOCATION_WRONG_COUNTRY: 'This place is not in the country the product delivers to.',
  LOCATION_PICK_UP_ONLY: 'Parcels can only be collected at this place, not handed over.',
  LOCATION_RETIRED: 'This place is closed.',
};

/** The place types a transfer or receiving option allows (courier and address: none). */
export function placeTypesOf(option: string | null | undefined): PlaceType[] {
  if (option === 'postOffice') return ['postOffice'];
  if (option === 'parcelMachine') return ['parcelLocker'];
  if (option === 'parcelMachinePostOffice') return ['parcelLocker', 'postOffice'];
  return [];
}

/** What a picker for this product and role offers: the types, operators and whether pick-up-only places go. */
export interface PlaceFilter {
  types: PlaceType[];
  /** Empty: every operator. */
  operators: string[];
  /** Pick-up-only places are left out (hand-over). */
  withoutPickUpOnly: boolean;
  /** Only this country; null: any. */
  countryCode: string | null;
}

export function placeFilterOf(product: ProductPlaces, role: LocationRole): PlaceFilter {
  const transfer = role === 'transfer';
  return {
    types: placeTypesOf(transfer ? product.transferType : product.receivingType),
    operators: [...(transfer ? product.transferNetworks : product.receivingNetworks)],
    withoutPickUpOnly: transfer,
    // The receiver collects in the destination country; the sender hands over wherever the network is.
    countryCode: transfer ? null : (product.countryCode?.toUpperCase() ?? null),
  };
}

/** Why a product may not use a place for this role: the first reason's code, or null when it may. */
export function locationUseProblem(
  product: ProductPlaces,
  role: LocationRole,
  place: PlaceFacts | null | undefined,
): LocationUseCode | null {
  if (!place) return LOCATION_USE_CODES.notFound;
  if (place.active === false) return LOCATION_USE_CODES.retired;
  const filter = placeFilterOf(product, role);
  if (!filter.types.includes(place.type as PlaceType)) return LOCATION_USE_CODES.wrongType;
  if (filter.operators.length > 0 && !filter.operators.includes(place.operator)) return LOCATION_USE_CODES.wrongNetwork;
  if (filter.countryCode && place.countryCode.toUpperCase() !== filter.countryCode)
    return LOCATION_USE_CODES.wrongCountry;
  if (filter.withoutPickUpOnly && place.pickUpOnly) return LOCATION_USE_CODES.pickUpOnly;
  return null;
}

/** `locationUseProblem` as a violation at `propertyPath` (the location field), or none. */
export function locationUseViolations(
  product: ProductPlaces,
  role: LocationRole,
  place: PlaceFacts | null | undefined,
  propertyPath: string,
): OrderViolation[] {
  const code = locationUseProblem(product, role, place);
  return code ? [violation(propertyPath, LOCATION_USE_MESSAGES[code], code)] : [];
}

/** The order fields that name a place, per line: where the sender hands over and where the receiver collects. */
export const LOCATION_FIELDS = {
  transfer: (line: number) => `orderLines[${line}].attributes.transferLocationId`,
  receiving: (line: number) => `orderLines[${line}].receiver.address.serviceLocationId`,
} as const;

// ---- why a picker shows fewer places (issue 40) -----------------------------------------------

const PLACE_NOTE_TEXTS = {
  en: {
    places: { parcelLocker: 'parcel lockers', postOffice: 'post offices', any: 'parcel lockers and post offices' },
    operators: 'Only {operators} {places} are shown: this product is delivered only there.',
    operatorsAccepting:
      'Only {operators} {places} that accept parcels are shown: this product is handed over only there (places where parcels can only be collected are left out).',
    accepting: 'Only {places} that accept parcels are shown (places where parcels can only be collected are left out).',
  },
  lv: {
    places: { parcelLocker: 'pakomāti', postOffice: 'pasta nodaļas', any: 'pakomāti un pasta nodaļas' },
    operators: 'Rādīti tikai {operators} {places}: šis produkts tiek piegādāts tikai tur.',
    operatorsAccepting:
      'Rādīti tikai {operators} {places}, kuros var nodot sūtījumus: šo produktu nodod tikai tur (vietas, kur sūtījumus var tikai izņemt, nav rādītas).',
    accepting:
      'Rādīti tikai {places}, kuros var nodot sūtījumus (vietas, kur sūtījumus var tikai izņemt, nav rādītas).',
  },
} as const;

/**
 * The sentence a picker shows above its places (English or Latvian): which operators and kinds of
 * place it offers and that pick-up-only places are left out; null when it leaves nothing out but
 * other kinds of place. One text for the map's picker and the order flow's list.
 */
export function placeFilterNote(filter: PlaceFilter | null | undefined, locale: string): string | null {
  if (!filter || (filter.operators.length === 0 && !filter.withoutPickUpOnly)) return null;
  const texts = PLACE_NOTE_TEXTS[locale === 'lv' ? 'lv' : 'en'];
  const places = texts.places[filter.types.length === 1 ? (filter.types[0] as PlaceType) : 'any'];
  const template =
    filter.operators.length === 0
      ? texts.accepting
      : filter.withoutPickUpOnly
        ? texts.operatorsAccepting
        : texts.operators;
  return template.replace('{operators}', filter.operators.join(', ')).replace('{places}', places);
}

// ---- where a prepaid return is handed over (issue 40 item 1) ----------------------------------
// Here, beside the order rule it builds on; a return's drop-off kinds (shared-contracts/returns
// RETURN_DROP_OFFS) are the place types.

/** The transfer option that names a place type's places (the workflows' words). */
const RETURN_DROP_OFF_OPTIONS: Record<PlaceType, string> = { parcelLocker: 'parcelMachine', postOffice: 'postOffice' };

/**
 * The places a customer may choose to hand a return over (issue 40 item 1): of the kind chosen, in
 * Latvia, where parcels are handed over (no pick-up-only place); `networks` the operators of the
 * product sent back (empty: any, as the public page does not know the shipment before it asks).
 */
export function returnDropOffPlaceFilter(kind: PlaceType, networks: readonly string[] = []): PlaceFilter {
  return {
    types: [kind],
    operators: [...networks],
    withoutPickUpOnly: true,
    countryCode: 'LV',
  };
}

/**
 * Why a return cannot be handed over at this place: the order rule's code (location-rules: kind,
 * network, pick-up only, retired) and, as returns are domestic, `LOCATION_WRONG_COUNTRY` outside
 * Latvia; null when it can.
 */
export function returnDropOffPlaceProblem(
  kind: PlaceType,
  networks: readonly string[],
  place: PlaceFacts | null | undefined,
): LocationUseCode | null {
  const problem = locationUseProblem(
    {
      transferType: RETURN_DROP_OFF_OPTIONS[kind],
      receivingType: null,
      transferNetworks: networks,
      receivingNetworks: [],
      countryCode: 'LV',
    },
    'transfer',
    place,
  );
  if (problem) return problem;
  return place && place.countryCode.toUpperCase() !== 'LV' ? 'LOCATION_WRONG_COUNTRY' : null;
}
