import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { asc, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import type { Paging } from '../../http/hydra';
import type { BoundingBox } from './bounding-box';
import { buildMarkersPayload } from './markers';
import { serviceLocations } from './schema';
import { matchesSearch, rankSearch, type SearchIndex, searchIndex } from './search-rank';

export type ServiceLocation = typeof serviceLocations.$inferSelect;

export interface ServiceLocationFilter {
  countryCodes?: string[];
  types?: string[];
  operators?: string[];
  ownNetwork?: boolean;
  /** false: only places that take parcels handed over (issue 40). */
  pickUpOnly?: boolean;
  box?: BoundingBox;
  /**
   * Normalized words (search-text.ts); each must begin a word of the name, address, city or post
   * code. The matches come best first (search-rank.ts) unless `near` orders them.
   */
  searchTokens?: string[];
  /** Order by distance from this point instead of by name or relevance. */
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

/**
 * How old the in-memory locations may get before one background query checks whether the table
 * changed (a reload by the importer in another process, e.g. against PostgreSQL). A reload in this
 * process and `update_cache` take effect at once.
 */
export const LOCATIONS_REVALIDATE_MS = 30 * 1000;

/** One active location with what the list filters and orders by, computed once per snapshot. */
interface IndexedLocation {
  row: ServiceLocation;
  /** Position in the database's `ORDER BY id` (its collation), for ties in distance. */
  idRank: number;
  search: SearchIndex;
}

/**
 * Every active location in memory (3,764 today, about 3 MB), read from the database in one query:
 * PGlite runs one query at a time, so answering each list request from SQL queued them all
 * (p99 above 1 s at 20 connections). The database stays the source of truth: the snapshot is
 * rebuilt after a reload, `update_cache` or a change seen by the version check.
 */
interface LocationSnapshot {
  /** In the database's `ORDER BY name, id`, the list's default order. */
  byName: IndexedLocation[];
  byId: Map<string, IndexedLocation>;
  version: string;
  checkedAt: number;
  markers?: Promise<CachedMarkers>;
}

/**
 * The map's tile server, configured by the operator (MAP_TILE_URL, MAP_TILE_ATTRIBUTION; null:
 * only the bundled country outlines). Sent with the markers.
 */
export type MapTiles = { url: string; attribution: string } | null;
const OPENSTREETMAP_TILES: MapTiles = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
};

export class ServiceLocationService {
  private snapshot: Promise<LocationSnapshot> | null = null;
  private revalidating = false;

  constructor(
    private readonly orm: Orm,
    private readonly clock: () => number = Date.now,
    private readonly tiles: MapTiles = OPENSTREETMAP_TILES,
  ) {}

  /** One page of active locations, by name (or by distance from `near`), with the total over all pages. */
  async list(
    filter: ServiceLocationFilter,
    { page, itemsPerPage }: Paging,
  ): Promise<{ items: ServiceLocation[]; totalItems: number }> {
    const { byName } = await this.locations();
    let matches = byName.filter(matcher(filter));
    const tokens = filter.searchTokens ?? [];
    if (tokens.length > 0) {
      matches = filter.near
        ? matches.filter((location) => matchesSearch(location.search, tokens))
        : rankSearch(
            matches,
            (location) => location.search,
            tokens,
            (location) => location.row,
          );
    }
    if (filter.near) {
      const distance = distanceFrom(filter.near);
      matches = matches
        .map((location) => ({ location, distance: distance(location.row) }))
        .sort((a, b) => a.distance - b.distance || a.location.idRank - b.location.idRank)
        .map(({ location }) => location);
    }
    const offset = (page - 1) * itemsPerPage;
    return {
      items: matches.slice(offset, offset + itemsPerPage).map((location) => location.row),
      totalItems: matches.length,
    };
  }

  /** One location, retired ones included (an old order still shows its place). */
  async findById(id: string): Promise<ServiceLocation | undefined> {
    const active = (await this.locations()).byId.get(id);
    if (active) return active.row;
    const [row] = await this.orm.select().from(serviceLocations).where(eq(serviceLocations.id, id));
    return row;
  }

  /** The whole active network as map markers, built and compressed once per snapshot. */
  async markersPayload(): Promise<CachedMarkers> {
    const snapshot = await this.locations();
    if (!snapshot.markers) {
      const building = buildMarkers(snapshot, this.clock(), this.tiles);
      // A failed build is not kept: the next request tries again.
      building.catch(() => {
        if (snapshot.markers === building) snapshot.markers = undefined;
      });
      snapshot.markers = building;
    }
    return snapshot.markers;
  }

  /** `update_cache` and every import: the next request reads the table again. */
  clearCache(): void {
    this.snapshot = null;
  }

  /** The current snapshot; one past LOCATIONS_REVALIDATE_MS is still answered while a check runs. */
  private locations(): Promise<LocationSnapshot> {
    if (!this.snapshot) {
      const loading = this.loadSnapshot();
      loading.catch(() => {
        if (this.snapshot === loading) this.snapshot = null;
      });
      this.snapshot = loading;
      return loading;
    }
    const current = this.snapshot;
    void current.then(
      (snapshot) => this.revalidate(current, snapshot),
      () => undefined,
    );
    return current;
  }

  private async revalidate(current: Promise<LocationSnapshot>, snapshot: LocationSnapshot): Promise<void> {
    if (this.revalidating || this.clock() - snapshot.checkedAt < LOCATIONS_REVALIDATE_MS) return;
    this.revalidating = true;
    try {
      const version = await this.version();
      snapshot.checkedAt = this.clock();
      if (version !== snapshot.version && this.snapshot === current) {
        const next = await this.loadSnapshot();
        if (this.snapshot === current) this.snapshot = Promise.resolve(next);
      }
    } catch {
      // The database is unreachable for now: keep answering from memory and check again later.
      snapshot.checkedAt = this.clock();
    } finally {
      this.revalidating = false;
    }
  }

  /** Changes with every insert, update, retirement and reactivation (each sets updated_at). */
  private async version(): Promise<string> {
    const [row] = await this.orm
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${serviceLocations.active})`.mapWith(Number),
        updatedAt: sql<string | null>`max(${serviceLocations.updatedAt})::text`,
      })
      .from(serviceLocations);
    return `${row?.total ?? 0}/${row?.active ?? 0}/${row?.updatedAt ?? ''}`;
  }

  private async loadSnapshot(): Promise<LocationSnapshot> {
    // The version first: a change between the two reads makes the next check load again.
    const version = await this.version();
    const rows = await this.orm
      .select({
        ...getTableColumns(serviceLocations),
        idRank: sql<number>`row_number() over (order by ${serviceLocations.id})`.mapWith(Number),
      })
      .from(serviceLocations)
      .where(eq(serviceLocations.active, true))
      .orderBy(asc(serviceLocations.name), asc(serviceLocations.id));
    const byName = rows.map(({ idRank, ...row }) => ({ row, idRank, search: searchIndex(row) }));
    return {
      byName,
      byId: new Map(byName.map((location) => [location.row.id, location])),
      version,
      checkedAt: this.clock(),
    };
  }
}

/** The list's filters but the search, as the SQL they replace: exact matches, an inclusive box. */
function matcher(filter: ServiceLocationFilter): (location: IndexedLocation) => boolean {
  const countries = filter.countryCodes?.length ? new Set(filter.countryCodes) : null;
  const types = filter.types?.length ? new Set(filter.types) : null;
  const operators = filter.operators?.length ? new Set(filter.operators) : null;
  const { ownNetwork, pickUpOnly, box } = filter;
  return ({ row }) =>
    (!countries || countries.has(row.countryCode)) &&
    (!types || types.has(row.type)) &&
    (!operators || operators.has(row.operator)) &&
    (ownNetwork === undefined || row.ownNetwork === ownNetwork) &&
    (pickUpOnly === undefined || row.pickUpOnly === pickUpOnly) &&
    (!box ||
      (row.latitude >= box.minLatitude &&
        row.latitude <= box.maxLatitude &&
        row.longitude >= box.minLongitude &&
        row.longitude <= box.maxLongitude));
}

/** Squared equirectangular distance: exact enough to rank places a few hundred km apart. */
function distanceFrom({ latitude, longitude }: { latitude: number; longitude: number }) {
  const scale = Math.cos((latitude * Math.PI) / 180);
  return (row: ServiceLocation) => (row.latitude - latitude) ** 2 + ((row.longitude - longitude) * scale) ** 2;
}

async function buildMarkers(snapshot: LocationSnapshot, now: number, tiles: MapTiles): Promise<CachedMarkers> {
  const rows = [...snapshot.byName].sort((a, b) => a.idRank - b.idRank).map(({ row }) => row);
  const json = Buffer.from(JSON.stringify({ ...buildMarkersPayload(rows), tiles }));
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(json, { level: 9 }),
    brotliAsync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  ]);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  return { json, gzip: gzipped, brotli, etag, count: rows.length, builtAt: new Date(now) };
}
