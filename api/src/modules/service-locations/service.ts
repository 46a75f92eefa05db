import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { and, asc, between, count, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import { serviceLocations } from '../../db/schema';
import type { Paging } from '../../http/hydra';
import type { BoundingBox } from './bounding-box';
import { buildMarkersPayload } from './markers';

export type ServiceLocation = typeof serviceLocations.$inferSelect;

export interface ServiceLocationFilter {
  countryCodes?: string[];
  types?: string[];
  operators?: string[];
  ownNetwork?: boolean;
  box?: BoundingBox;
  /** Normalized words (search-text.ts); each must occur in name, address, city or post code. */
  searchTokens?: string[];
  /** Order by distance from this point instead of by name. */
  near?: { latitude: number; longitude: number };
}

/** The markers answer, serialized and compressed once per cache lifetime. */
export interface CachedMarkers {
  json: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
  count: number;
  builtAt: Date;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A reload by the importer (another process) shows without a cache clear after this long. */
export const MARKERS_CACHE_TTL_MS = 10 * 60 * 1000;

/**
 * The map's tile server, configured by the operator: MAP_TILE_URL (a Leaflet URL template, or
 * `none` for the bundled country outlines only) and MAP_TILE_ATTRIBUTION. Sent with the markers.
 */
export function mapTiles(env: NodeJS.ProcessEnv = process.env): { url: string; attribution: string } | null {
  const url = env.MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
  if (url === 'none' || url === '') return null;
  return { url, attribution: env.MAP_TILE_ATTRIBUTION ?? '© OpenStreetMap contributors' };
}

export class ServiceLocationService {
  private markers: Promise<CachedMarkers> | null = null;
  private markersBuiltAt = 0;

  constructor(
    private readonly orm: Orm,
    private readonly clock: () => number = Date.now,
  ) {}

  /** One page of active locations, by name (or by distance from `near`), with the total over all pages. */
  async list(
    filter: ServiceLocationFilter,
    { page, itemsPerPage }: Paging,
  ): Promise<{ items: ServiceLocation[]; totalItems: number }> {
    const where = and(...this.conditions(filter));
    const order = filter.near ? [this.distanceFrom(filter.near), asc(serviceLocations.id)] : this.byName();
    const [items, [counted]] = await Promise.all([
      this.orm
        .select()
        .from(serviceLocations)
        .where(where)
        .orderBy(...order)
        .limit(itemsPerPage)
        .offset((page - 1) * itemsPerPage),
      this.orm.select({ total: count() }).from(serviceLocations).where(where),
    ]);
    return { items, totalItems: counted?.total ?? 0 };
  }

  /** One location, retired ones included (an old order still shows its place). */
  async findById(id: string): Promise<ServiceLocation | undefined> {
    const [row] = await this.orm.select().from(serviceLocations).where(eq(serviceLocations.id, id));
    return row;
  }

  /** The whole active network as map markers, cached in memory until `clearCache` or the TTL. */
  markersPayload(): Promise<CachedMarkers> {
    if (!this.markers || this.clock() - this.markersBuiltAt > MARKERS_CACHE_TTL_MS) {
      this.markersBuiltAt = this.clock();
      const building = this.buildMarkers();
      // A failed build is not kept: the next request tries again.
      building.catch(() => {
        if (this.markers === building) this.markers = null;
      });
      this.markers = building;
    }
    return this.markers;
  }

  clearCache(): void {
    this.markers = null;
  }

  private async buildMarkers(): Promise<CachedMarkers> {
    const rows = await this.orm
      .select({
        id: serviceLocations.id,
        countryCode: serviceLocations.countryCode,
        type: serviceLocations.type,
        operator: serviceLocations.operator,
        ownNetwork: serviceLocations.ownNetwork,
        latitude: serviceLocations.latitude,
        longitude: serviceLocations.longitude,
      })
      .from(serviceLocations)
      .where(eq(serviceLocations.active, true))
      .orderBy(asc(serviceLocations.id));
    const json = Buffer.from(JSON.stringify({ ...buildMarkersPayload(rows), tiles: mapTiles() }));
    const [gzipped, brotli] = await Promise.all([
      gzipAsync(json, { level: 9 }),
      brotliAsync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    ]);
    const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    return { json, gzip: gzipped, brotli, etag, count: rows.length, builtAt: new Date(this.clock()) };
  }

  private conditions(filter: ServiceLocationFilter): SQL[] {
    const conditions: SQL[] = [eq(serviceLocations.active, true)];
    if (filter.countryCodes?.length) conditions.push(inArray(serviceLocations.countryCode, filter.countryCodes));
    if (filter.types?.length) conditions.push(inArray(serviceLocations.type, filter.types));
    if (filter.operators?.length) conditions.push(inArray(serviceLocations.operator, filter.operators));
    if (filter.ownNetwork !== undefined) conditions.push(eq(serviceLocations.ownNetwork, filter.ownNetwork));
    if (filter.box) {
      const box = filter.box;
      conditions.push(between(serviceLocations.latitude, box.minLatitude, box.maxLatitude));
      conditions.push(between(serviceLocations.longitude, box.minLongitude, box.maxLongitude));
    }
    // Tokens hold only letters, digits (search-text.ts): nothing to escape for LIKE.
    for (const token of filter.searchTokens ?? []) conditions.push(like(serviceLocations.searchText, `%${token}%`));
    return conditions;
  }

  private byName() {
    return [asc(serviceLocations.name), asc(serviceLocations.id)];
  }

  /** Squared equirectangular distance: exact enough to rank places a few hundred km apart. */
  private distanceFrom({ latitude, longitude }: { latitude: number; longitude: number }): SQL {
    const scale = Math.cos((latitude * Math.PI) / 180);
    return sql`power(${serviceLocations.latitude} - ${latitude}::float8, 2) + power((${serviceLocations.longitude} - ${longitude}::float8) * ${scale}::float8, 2)`;
  }
}
