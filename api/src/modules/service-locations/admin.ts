import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Orm } from '../../db';
import type { Paging } from '../../http/hydra';
import { LOCATION_TYPES, toRow } from './location-record';
import { serviceLocations } from './schema';
import type { ServiceLocation } from './service';

/**
 * The back office's post offices and parcel lockers (issue 21): administrators add, edit, retire
 * and reactivate single places. Places they add get ids `admin-<random>`: a source of their own,
 * so a file import with --partial or a URL sync (another source) never retires them.
 */
export const ADMIN_ID_PREFIX = 'admin';
export const NETWORK_COUNTRIES = ['LV', 'LT', 'EE'] as const;

/** Post codes as data/README.md keeps them, per country. */
const POST_CODE: Record<(typeof NETWORK_COUNTRIES)[number], RegExp> = {
  LV: /^LV-\d{4}$/,
  LT: /^LT-\d{5}$/,
  EE: /^\d{5}$/,
};

/** Latvia, Lithuania and Estonia with a margin (the map's BALTIC_BOUNDS). */
const BALTIC = { minLatitude: 53.8, maxLatitude: 59.8, minLongitude: 20.9, maxLongitude: 28.3 };

export const MESSAGES = {
  blank: 'This value should not be blank.',
  country: 'This value should be one of: LV, LT, EE.',
  type: 'This value should be parcelLocker or postOffice.',
  postCode: 'This value should be a post code of the country: LV-1234, LT-12345 or 12345 (Estonia).',
  number: 'This value should be a number.',
  outside: 'This place should lie in Latvia, Lithuania or Estonia.',
  tooLong: (max: number) => `This value is too long. It should have ${max} characters or less.`,
} as const;

const text = (max: number) => z.string({ error: MESSAGES.blank }).trim().max(max, MESSAGES.tooLong(max));
const requiredText = (max: number) => text(max).min(1, MESSAGES.blank);
const optionalText = (max: number) =>
  z
    .union([text(max), z.null()])
    .optional()
    .transform((value) => value || null);

/** The body of create and update: every field of the place (update replaces them all). */
export const locationWriteSchema = z
  .strictObject({
    countryCode: z.enum(NETWORK_COUNTRIES, { error: MESSAGES.country }),
    type: z.enum(LOCATION_TYPES, { error: MESSAGES.type }),
    operator: requiredText(100),
    name: requiredText(200),
    address: requiredText(300),
    city: requiredText(120),
    postCode: optionalText(20),
    latitude: z.number({ error: MESSAGES.number }),
    longitude: z.number({ error: MESSAGES.number }),
    openingHours: optionalText(1000),
    /** Parcels are only collected here (issue 40); absent: read from the name (classify.ts). */
    pickUpOnly: z.boolean({ error: 'This value should be true or false.' }).optional(),
  })
  .superRefine((place, context) => {
    if (place.postCode && !POST_CODE[place.countryCode].test(place.postCode)) {
      context.addIssue({ code: 'custom', path: ['postCode'], message: MESSAGES.postCode });
    }
    if (place.latitude < BALTIC.minLatitude || place.latitude > BALTIC.maxLatitude) {
      context.addIssue({ code: 'custom', path: ['latitude'], message: MESSAGES.outside });
    }
    if (place.longitude < BALTIC.minLongitude || place.longitude > BALTIC.maxLongitude) {
      context.addIssue({ code: 'custom', path: ['longitude'], message: MESSAGES.outside });
    }
  });

export type LocationWrite = z.output<typeof locationWriteSchema>;

export interface AdminListFilter {
  /** Normalized search words; each begins a word of name, address, city or post code. */
  searchTokens?: string[];
  countryCode?: string;
  type?: string;
  status: 'active' | 'retired' | 'all';
}

/** Who changed a place and when, kept in its `source` (the import's provenance field). */
const administeredBy = (who: string, now: Date) => `administrator ${who}, ${now.toISOString().slice(0, 10)}`;

export class LocationAdministration {
  constructor(
    private readonly orm: Orm,
    /** Called after every change: the location cache must show it at once. */
    private readonly changed: () => void,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Every place, retired ones included, by name; one page with the total. */
  async list(filter: AdminListFilter, { page, itemsPerPage }: Paging) {
    const conditions: SQL[] = [];
    if (filter.status !== 'all') conditions.push(eq(serviceLocations.active, filter.status === 'active'));
    if (filter.countryCode) conditions.push(eq(serviceLocations.countryCode, filter.countryCode));
    if (filter.type) conditions.push(eq(serviceLocations.type, filter.type));
    // Tokens hold only letters, digits (search-text.ts): nothing to escape in the pattern.
    for (const token of filter.searchTokens ?? []) {
      conditions.push(sql`(' ' || ${serviceLocations.searchText}) like ${`% ${token}%`}`);
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [total] = await this.orm.select({ total: count() }).from(serviceLocations).where(where);
    const items = await this.orm
      .select()
      .from(serviceLocations)
      .where(where)
      .orderBy(asc(serviceLocations.name), asc(serviceLocations.id))
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage);
    return { items, totalItems: total?.total ?? 0 };
  }

  /** One place, retired or not. */
  async find(id: string): Promise<ServiceLocation | undefined> {
    const [row] = await this.orm.select().from(serviceLocations).where(eq(serviceLocations.id, id));
    return row;
  }

  async create(place: LocationWrite, who: string): Promise<ServiceLocation> {
    const now = this.clock();
    const id = `${ADMIN_ID_PREFIX}-${randomBytes(8).toString('hex')}`;
    const [created] = await this.orm
      .insert(serviceLocations)
      .values({ ...toRow({ ...place, id, source: administeredBy(who, now) }), type: place.type, updatedAt: now })
      .returning();
    this.changed();
    return created!;
  }

  /** Replaces the place's fields; its id, and so every order that names it, stays. */
  async update(id: string, place: LocationWrite, who: string): Promise<ServiceLocation | undefined> {
    const now = this.clock();
    const {
      active: _active,
      retiredAt: _retiredAt,
      ...fields
    } = toRow({ ...place, id, source: administeredBy(who, now) });
    const [updated] = await this.orm
      .update(serviceLocations)
      // The administrator's type stands (toRow would correct a file's, classify.ts).
      .set({ ...fields, type: place.type, updatedAt: now })
      .where(eq(serviceLocations.id, id))
      .returning();
    if (updated) this.changed();
    return updated;
  }

  /** Retired places leave the map and the pickers but are never deleted (orders keep them). */
  async setActive(id: string, active: boolean): Promise<ServiceLocation | undefined> {
    const now = this.clock();
    const [row] = await this.orm
      .update(serviceLocations)
      .set({ active, retiredAt: active ? null : now, updatedAt: now })
      .where(eq(serviceLocations.id, id))
      .returning();
    if (row) this.changed();
    return row;
  }
}
