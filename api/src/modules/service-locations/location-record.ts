import { z } from 'zod';
import { classifyLocationType, isPickUpOnly } from './classify';
import type { serviceLocations } from './schema';
import { locationSearchText } from './search-text';

export const LOCATION_TYPES = ['parcelLocker', 'postOffice'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** The operator whose own network this portal belongs to (marked `ownNetwork` on the map). */
export const OWN_OPERATOR = 'Latvijas Pasts';

/** Location ids: `<source>-<original id>` (data/README.md); also what the item route accepts. */
export const LOCATION_ID = /^[a-z][a-z0-9]{0,19}-[A-Za-z0-9]{1,40}$/;

/** One record of the location file (data/README.md); unknown fields are ignored. */
export const locationRecordSchema = z.object({
  id: z.string().regex(LOCATION_ID, 'This value should be "<source>-<id>" in letters and digits.'),
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'This value should be a two-letter country code.'),
  type: z.enum(LOCATION_TYPES),
  operator: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1).max(200),
  address: z.string().trim().max(300),
  city: z.string().trim().max(120),
  postCode: z.string().trim().max(20).nullable().default(null),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  openingHours: z.string().trim().max(1000).nullable().default(null),
  /** Parcels are only collected here; absent: read from the name (classify.ts). */
  pickUpOnly: z.boolean().optional(),
  source: z.string().max(500).default(''),
});

export type LocationRecord = z.output<typeof locationRecordSchema>;
export type ServiceLocationRow = typeof serviceLocations.$inferInsert;

/** A record as stored: with its type as classify.ts corrects it, own-network mark and search text, active. */
export function toRow(record: LocationRecord): ServiceLocationRow {
  return {
    ...record,
    type: classifyLocationType(record),
    postCode: record.postCode || null,
    openingHours: record.openingHours || null,
    ownNetwork: record.operator === OWN_OPERATOR,
    pickUpOnly: isPickUpOnly(record),
    searchText: locationSearchText(record),
    active: true,
    retiredAt: null,
  };
}
