// The map's data and the rules it applies on the client: decoding the compact markers answer,
// filtering, and which places a receiving option of the order flow may pick.

import type {
  GetPlacesResponse,
  GetServiceLocationsByIdResponse,
  GetServiceLocationsMarkersResponse,
} from '@portal/shared-contracts/api-types';
import { placeTypesOf } from '@portal/shared-contracts/orders';

export type LocationType = 'parcelLocker' | 'postOffice';
export const LOCATION_TYPES: LocationType[] = ['parcelLocker', 'postOffice'];
export const COUNTRIES = ['LV', 'LT', 'EE'] as const;
export type CountryCode = (typeof COUNTRIES)[number];

/** `GET /api/service_locations/markers` (api/src/modules/service-locations/markers.ts). */
export type MarkersPayload = GetServiceLocationsMarkersResponse;

export interface MapMarker {
  id: string;
  type: LocationType;
  operator: string;
  countryCode: string;
  ownNetwork: boolean;
  /** Parcels are only collected here, never handed over (issue 40). */
  pickUpOnly: boolean;
  latitude: number;
  longitude: number;
}

export interface Network {
  markers: MapMarker[];
  /** Own network first, then by name. */
  operators: string[];
  ownOperators: string[];
  /** Only part of the own network is loaded (the operator's post-office list was never imported). */
  ownNetworkPartial: boolean;
  tiles: MarkersPayload['tiles'];
}

export function decodeNetwork(payload: MarkersPayload): Network {
  const own = new Set(payload.ownOperators);
  const pickUpOnly = new Set(payload.pickUpOnly);
  const markers = payload.markers.map(([id, type, operator, country, latitude, longitude]) => {
    const operatorName = payload.operators[operator] ?? '';
    return {
      id,
      type: (payload.types[type] ?? 'parcelLocker') as LocationType,
      operator: operatorName,
      countryCode: payload.countries[country] ?? '',
      ownNetwork: own.has(operatorName),
      pickUpOnly: pickUpOnly.has(id),
      latitude,
      longitude,
    };
  });
  const operators = [...payload.operators].sort(
    (a, b) => Number(own.has(b)) - Number(own.has(a)) || a.localeCompare(b),
  );
  return {
    markers,
    operators,
    ownOperators: payload.ownOperators,
    ownNetworkPartial: payload.ownNetworkPartial,
    tiles: payload.tiles,
  };
}

export interface NetworkFilter {
  /** Empty: every country. */
  countries: string[];
  /** Empty: every type. */
  types: LocationType[];
  /** Empty: every operator. */
  operators: string[];
  /** Leave out the places where parcels are only collected (a hand-over picker). */
  withoutPickUpOnly?: boolean;
}

export const NO_FILTER: NetworkFilter = { countries: [], types: [], operators: [] };

export function filterMarkers(markers: MapMarker[], filter: NetworkFilter): MapMarker[] {
  const countries = new Set(filter.countries);
  const types = new Set<string>(filter.types);
  const operators = new Set(filter.operators);
  return markers.filter(
    (marker) =>
      (countries.size === 0 || countries.has(marker.countryCode)) &&
      (types.size === 0 || types.has(marker.type)) &&
      (operators.size === 0 || operators.has(marker.operator)) &&
      !(filter.withoutPickUpOnly && marker.pickUpOnly),
  );
}

/** The order flow's receiving options (SPEC §3 workflows): which places each lets the sender pick. */
export type ReceivingOption =
  | 'postOffice'
  | 'parcelMachine'
  | 'parcelMachinePostOffice'
  | 'courier'
  | 'atReceiverAddress';

/** The place types an option allows: the shared rule (shared-contracts orders/location-rules.ts). */
export function typesForReceivingOption(option: ReceivingOption | string): LocationType[] {
  return placeTypesOf(option);
}

/** The list filter the API takes (`GET /service_locations`), from the map's filter. */
export function toApiQuery(filter: NetworkFilter): Record<string, string | undefined> {
  return {
    countryCode: filter.countries.length ? filter.countries.join(',') : undefined,
    type: filter.types.length ? filter.types.join(',') : undefined,
    operator: filter.operators.length ? filter.operators.join(',') : undefined,
    pickUpOnly: filter.withoutPickUpOnly ? 'false' : undefined,
  };
}

/** A search the API accepts: 2+ characters with a letter or digit, at most 100 (MAX_SEARCH_LENGTH). */
export function searchableQuery(text: string): string | null {
  const trimmed = text.trim().slice(0, 100);
  return trimmed.length >= 2 && /[\p{L}\p{N}]/u.test(trimmed) ? trimmed : null;
}

/** One location as the API answers it (`GET /service_locations/{id}`). */
export type ServiceLocation = GetServiceLocationsByIdResponse;

export type OpeningSchedule = NonNullable<ServiceLocation['openingSchedule']>;

/** Consecutive weekdays with the same hours, e.g. Monday–Friday 09:00–17:00. */
export interface ScheduleLine {
  firstDay: number;
  lastDay: number;
  /** Empty: closed. */
  ranges: { from: string; to: string }[];
  aroundTheClock: boolean;
}

export function scheduleLines(schedule: OpeningSchedule): ScheduleLine[] {
  const lines: ScheduleLine[] = [];
  const key = (ranges: { from: string; to: string }[]) => ranges.map((range) => `${range.from}-${range.to}`).join(',');
  for (const { day, ranges } of schedule.days) {
    const last = lines.at(-1);
    if (last && last.lastDay === day - 1 && key(last.ranges) === key(ranges)) last.lastDay = day;
    else
      lines.push({
        firstDay: day,
        lastDay: day,
        ranges,
        aroundTheClock: ranges.length === 1 && ranges[0]!.from === '00:00' && ranges[0]!.to === '24:00',
      });
  }
  return lines;
}

/** A weekday name in the visitor's language (1 = Monday). 2024-01-01 was a Monday. */
export function weekdayName(day: number, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'lv' ? 'lv-LV' : 'en-GB', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );
}

/** Nearest markers to a point (equirectangular distance: fine at the scale of a country). */
export function nearestMarkers(markers: MapMarker[], latitude: number, longitude: number, count: number): MapMarker[] {
  const scale = Math.cos((latitude * Math.PI) / 180);
  const distance = (marker: MapMarker) =>
    (marker.latitude - latitude) ** 2 + ((marker.longitude - longitude) * scale) ** 2;
  return [...markers].sort((a, b) => distance(a) - distance(b)).slice(0, count);
}

/** South-west and north-east corners, as Leaflet takes them. */
export type MapBounds = [[number, number], [number, number]];

/**
 * The area a search's best results cover (issue 40: "Riga" left the map on the whole region): the
 * first `count` of them, which the API orders by relevance, own places first and nearness to the
 * place the query names. Null without results.
 */
export function boundsOfResults(
  places: readonly { latitude: number; longitude: number }[],
  count = 20,
): MapBounds | null {
  const first = places.slice(0, count);
  if (first.length === 0) return null;
  const latitudes = first.map((place) => place.latitude);
  const longitudes = first.map((place) => place.longitude);
  return [
    [Math.min(...latitudes), Math.min(...longitudes)],
    [Math.max(...latitudes), Math.max(...longitudes)],
  ];
}

/** A place of the API's gazetteer (`GET /api/places`): a post code, locality, parish or municipality. */
export type Place = GetPlacesResponse['hydra:member'][number];

/** How far around a place the map shows it, in degrees of latitude: a parish wider than a village. */
const PLACE_SPAN: Record<Place['kind'], number> = {
  postCode: 0.02,
  locality: 0.02,
  parish: 0.08,
  municipality: 0.25,
};

/** The area around a place that the map frames when a search names it (issue 40 item 3). */
export function boundsOfPlace(place: Pick<Place, 'kind' | 'latitude' | 'longitude'>): MapBounds {
  const latitudeSpan = PLACE_SPAN[place.kind];
  // A degree of longitude is shorter than one of latitude: about half as long in Latvia.
  const longitudeSpan = latitudeSpan / Math.cos((place.latitude * Math.PI) / 180);
  return [
    [place.latitude - latitudeSpan, place.longitude - longitudeSpan],
    [place.latitude + latitudeSpan, place.longitude + longitudeSpan],
  ];
}

/** Where a search moves the map: the network places it found, else the place it names, else nowhere (yet). */
export type SearchTarget = { kind: 'results'; bounds: MapBounds } | { kind: 'place'; place: Place; bounds: MapBounds };

/**
 * Decided once both answers are in: places of the network that match frame the map (as before);
 * a search that matches none ("Seces pagasts", "LV-5124") moves the map to the best place of the
 * gazetteer, and the list shows the network's places nearest to it. Null while waiting or with neither.
 */
export function searchTarget(
  found: readonly { latitude: number; longitude: number }[] | undefined,
  places: readonly Place[] | undefined,
): SearchTarget | null {
  if (found === undefined) return null;
  const bounds = boundsOfResults(found);
  if (bounds) return { kind: 'results', bounds };
  const place = places?.[0];
  return place ? { kind: 'place', place, bounds: boundsOfPlace(place) } : null;
}

/** "Seces pag. · Aizkraukles nov.": a place as the search lists it. */
export function placeLabel(place: Pick<Place, 'name' | 'area'>): string {
  return place.area ? `${place.name} · ${place.area}` : place.name;
}
