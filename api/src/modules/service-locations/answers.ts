import { z } from 'zod';
import { PLACE_KINDS } from './gazetteer';
import { LOCATION_TYPES } from './location-record';

// The answers of the location routes (the map, mf-map/src/shared/network/model.ts, and the back
// office read them). Coordinates in degrees (WGS 84).

/** Opening hours read into a schedule (opening-hours.ts); null where the text could not be read. */
const openingScheduleAnswer = z.object({
  days: z.array(
    z.object({
      /** 1 = Monday … 7 = Sunday. */
      day: z.int().min(1).max(7),
      /** `HH:MM`, `to` up to `24:00`; none: closed that day. */
      ranges: z.array(z.object({ from: z.string(), to: z.string() })),
    }),
  ),
  wheelchairAccess: z.boolean().optional(),
});

/** A post office or parcel locker (routes.ts serviceLocationResource). */
export const serviceLocationAnswer = z.object({
  '@id': z.string(),
  '@type': z.literal('ServiceLocation'),
  /** `<source>-<id>`, e.g. `omniva-96331`. */
  id: z.string(),
  countryCode: z.string(),
  type: z.enum(LOCATION_TYPES),
  operator: z.string(),
  /** The portal's own network (Latvijas Pasts). */
  ownNetwork: z.boolean(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  postCode: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** As the source writes them. */
  openingHours: z.string().nullable(),
  openingSchedule: openingScheduleAnswer.nullable(),
  /** Parcels are only collected here, never handed over ("tikai izņemšana"). */
  pickUpOnly: z.boolean(),
  /** False once retired (gone from its source, or retired in the back office). */
  active: z.boolean(),
});

/** The back office's view: where the place came from and when it changed besides. */
export const adminServiceLocationAnswer = z.object({
  ...serviceLocationAnswer.shape,
  source: z.string(),
  retiredAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
});

/** The map's whole network in one light answer (markers.ts). */
export const markersAnswer = z
  .object({
    types: z.array(z.string()),
    operators: z.array(z.string()),
    ownOperators: z.array(z.string()),
    /** Ids of the places where parcels are only collected, never handed over (issue 40). */
    pickUpOnly: z.array(z.string()),
    /** Only part of the own network is loaded: the operator's post-office list was never imported (markers.ts). */
    ownNetworkPartial: z.boolean(),
    countries: z.array(z.string()),
    /** `[id, type, operator, country, latitude, longitude]`: type, operator and country index the lists above. */
    markers: z.array(z.tuple([z.string(), z.int(), z.int(), z.int(), z.number(), z.number()])),
    /** The map's tile server, or null: only the bundled country outlines. */
    tiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
  })
  .describe('Every active location as a marker; compressed (br, gzip) as Accept-Encoding allows.');

export const cacheClearAnswer = z
  .object({ '@type': z.literal('CacheClear'), cache: z.literal('service_locations'), cleared: z.literal(true) })
  .describe('The location cache is cleared: the next read comes from the database.');

export const importAnswer = z
  .object({
    '@type': z.literal('LocationImport'),
    scope: z.enum(['all', 'partial']),
    /** How many records the file held. */
    records: z.int().nonnegative(),
    inserted: z.int().nonnegative(),
    updated: z.int().nonnegative(),
    unchanged: z.int().nonnegative(),
    /** Retired locations that are back in the file. */
    reactivated: z.int().nonnegative(),
    /** Locations missing from the file: every one (`all`, except the back office's) or those of its groups (`partial`). */
    retired: z.int().nonnegative(),
  })
  .describe('What the import changed.');

/** A place of the gazetteer (gazetteer.ts): where the map moves for a search that names a place. */
export const placeAnswer = z.object({
  '@type': z.literal('Place'),
  /** `<kind>:<name>[:<area>]`. */
  id: z.string(),
  kind: z.enum(PLACE_KINDS),
  /** As GeoNames spells it: "LV-5124", "Ziedāni", "Seces pag.", "Aizkraukles nov.". */
  name: z.string(),
  /** The areas it lies in ("Seces pag., Aizkraukles nov."); a post code: its localities. */
  area: z.string(),
  postCodes: z.array(z.string()),
  /** Approximate (GeoNames: often one point for every village of a parish). */
  latitude: z.number(),
  longitude: z.number(),
});
