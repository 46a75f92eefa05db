import { boolean, char, doublePrecision, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Post offices and parcel lockers (SPEC §7, issue 7). `id` is the source's own identifier
// (`omniva-96331`), stable across reloads; a location missing from a reload is retired
// (`active` false, `retired_at` set), never deleted, so orders keep pointing at it.
// `search_text` is name, address, city and post code in lower case without diacritics.
export const serviceLocations = pgTable(
  'service_locations',
  {
    id: text('id').primaryKey(),
    countryCode: char('country_code', { length: 2 }).notNull(),
    type: text('type').notNull(),
    operator: text('operator').notNull(),
    ownNetwork: boolean('own_network').notNull().default(false),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postCode: text('post_code'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    openingHours: text('opening_hours'),
    /** Parcels are only collected here, never handed over ("tikai izņemšana"; classify.ts, issue 40). */
    pickUpOnly: boolean('pick_up_only').notNull().default(false),
    source: text('source').notNull().default(''),
    searchText: text('search_text').notNull(),
    active: boolean('active').notNull().default(true),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Filters of the list: country and type together, operator; the bounding box reads the
    // latitude band through the index and checks longitude on the rows it finds.
    index('service_locations_country_code_type_idx').on(table.countryCode, table.type),
    index('service_locations_operator_idx').on(table.operator),
    index('service_locations_latitude_longitude_idx').on(table.latitude, table.longitude),
  ],
);
