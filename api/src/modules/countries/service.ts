import { and, count, eq, exists, inArray, notExists, type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import type { Paging } from '../../http/hydra';
import { countries, countryGroups } from './schema';

export interface Country {
  code: string;
  name: string;
  nameLv: string;
  aliasNames: string[];
  phonePrefix: string | null;
  active: boolean;
  type: number | null;
  groups: string[];
}

export interface CountryFilter {
  active?: boolean;
  /** Only countries in this group. */
  inGroup?: string;
  /** Only countries outside this group. */
  notInGroup?: string;
}

type CountryPage = { items: Country[]; totalItems: number };

/**
 * Countries change only when an administrator edits them, yet every visitor's first page loads the
 * list: answers are kept in memory. The key space is small (a few filters), but group names are
 * free text, so the cache is bounded and simply starts over when full.
 */
const MAX_CACHED_ANSWERS = 200;

export class CountryService {
  private readonly cache = new Map<string, Promise<CountryPage>>();

  constructor(private readonly orm: Orm) {}

  /** One page of countries in code order, with the number of matches over all pages. */
  list(filter: CountryFilter, paging: Paging): Promise<CountryPage> {
    const key = JSON.stringify([filter.active, filter.inGroup, filter.notInGroup, paging.page, paging.itemsPerPage]);
    const cached = this.cache.get(key);
    if (cached) return cached;
    if (this.cache.size >= MAX_CACHED_ANSWERS) this.cache.clear();
    const answer = this.query(filter, paging);
    this.cache.set(key, answer);
    // A failed query must not stay cached.
    answer.catch(() => this.cache.delete(key));
    return answer;
  }

  /** Forget cached answers (after countries are edited). */
  invalidate(): void {
    this.cache.clear();
  }

  private async query(filter: CountryFilter, { page, itemsPerPage }: Paging): Promise<CountryPage> {
    const where = and(...this.conditions(filter));
    const [rows, [counted]] = await Promise.all([
      this.orm
        .select()
        .from(countries)
        .where(where)
        .orderBy(countries.code)
        .limit(itemsPerPage)
        .offset((page - 1) * itemsPerPage),
      this.orm.select({ total: count() }).from(countries).where(where),
    ]);
    return { items: await this.withGroups(rows), totalItems: counted?.total ?? 0 };
  }

  async findByCode(code: string): Promise<Country | undefined> {
    const rows = await this.orm.select().from(countries).where(eq(countries.code, code));
    const [country] = await this.withGroups(rows);
    return country;
  }

  private conditions({ active, inGroup, notInGroup }: CountryFilter): SQL[] {
    const inGroupQuery = (groupName: string) =>
      this.orm
        .select({ found: sql`1` })
        .from(countryGroups)
        .where(and(eq(countryGroups.countryCode, countries.code), eq(countryGroups.groupName, groupName)));
    const conditions: SQL[] = [];
    if (active !== undefined) conditions.push(eq(countries.active, active));
    if (inGroup !== undefined) conditions.push(exists(inGroupQuery(inGroup)));
    if (notInGroup !== undefined) conditions.push(notExists(inGroupQuery(notInGroup)));
    return conditions;
  }

  private async withGroups(rows: (typeof countries.$inferSelect)[]): Promise<Country[]> {
    if (rows.length === 0) return [];
    const codes = rows.map((row) => row.code);
    const memberships = await this.orm
      .select()
      .from(countryGroups)
      .where(inArray(countryGroups.countryCode, codes))
      .orderBy(countryGroups.groupName);
    const groupsByCountry = new Map<string, string[]>();
    for (const { countryCode, groupName } of memberships) {
      groupsByCountry.set(countryCode, [...(groupsByCountry.get(countryCode) ?? []), groupName]);
    }
    return rows.map((row) => ({ ...row, groups: groupsByCountry.get(row.code) ?? [] }));
  }
}
