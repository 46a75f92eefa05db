import { LOCATION_TYPES } from './location-record';

export interface MarkerSource {
  id: string;
  countryCode: string;
  type: string;
  operator: string;
  ownNetwork: boolean;
  pickUpOnly: boolean;
  latitude: number;
  longitude: number;
  /** Where the record came from (the import's provenance field). */
  source: string;
}

/** Every record of the bundled snapshot names it in `source` (data/README.md). */
export const BUNDLED_SOURCE_PREFIX = 'ErgEnn/ParcelMap@';

/**
 * Whether the map shows only part of the operator's own network (issue 40 item 3): the bundled
 * snapshot has no Latvijas Pasts post offices (only three pick-up points named so) and its lockers
 * only as a partner network lists them (data/README.md "Known gaps"). So the map says so until an
 * own-network post office has come from an import of the operator's list (its feed by URL, or a
 * file); one added by hand in the back office (`admin-…`) does not make the list complete.
 */
export function isOwnNetworkPartial(locations: MarkerSource[]): boolean {
  return !locations.some(
    (location) =>
      location.ownNetwork &&
      location.type === 'postOffice' &&
      !location.source.startsWith(BUNDLED_SOURCE_PREFIX) &&
      !location.id.startsWith('admin-'),
  );
}

/**
 * The whole network in one light answer for the map (`GET /service_locations/markers`): one row
 * per active location, `[id, type, operator, country, latitude, longitude]`, with type, operator and
 * country as indexes into the lists beside. Coordinates keep 5 decimals (about 1 m). 3,764
 * locations take ~40 KB gzip; names and addresses come with the details of one location.
 */
export interface MarkersPayload {
  types: string[];
  operators: string[];
  /** Operators of the portal's own network (SPEC: Latvijas Pasts), shown first and marked. */
  ownOperators: string[];
  countries: string[];
  /** Ids of the places where parcels are only collected, never handed over (issue 40). */
  pickUpOnly: string[];
  /** Only part of the own network is loaded: the operator's post-office list was never imported. */
  ownNetworkPartial: boolean;
  markers: [string, number, number, number, number, number][];
}

const round = (value: number) => Math.round(value * 1e5) / 1e5;

export function buildMarkersPayload(locations: MarkerSource[]): MarkersPayload {
  const operators = [...new Set(locations.map((location) => location.operator))].sort();
  const ownOperators = [...new Set(locations.filter((l) => l.ownNetwork).map((l) => l.operator))].sort();
  const countries = [...new Set(locations.map((location) => location.countryCode))].sort();
  const types = [...new Set([...LOCATION_TYPES, ...locations.map((location) => location.type)])];
  const index = (list: string[]) => new Map(list.map((value, position) => [value, position]));
  const operatorIndex = index(operators);
  const countryIndex = index(countries);
  const typeIndex = index(types);
  return {
    types,
    operators,
    ownOperators,
    countries,
    pickUpOnly: locations.filter((location) => location.pickUpOnly).map((location) => location.id),
    ownNetworkPartial: isOwnNetworkPartial(locations),
    markers: locations.map((location) => [
      location.id,
      typeIndex.get(location.type)!,
      operatorIndex.get(location.operator)!,
      countryIndex.get(location.countryCode)!,
      round(location.latitude),
      round(location.longitude),
    ]),
  };
}
