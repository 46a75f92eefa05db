import { and, count, eq, exists, inArray, notExists, type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import { countries, countryGroups } from '../../db/schema';
import type { Paging } from '../../http/hydra';

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

export class CountryService {
  constructor(private readonly orm: Orm) {}

  /** One page of countries in code order, with the number of matches over all pages. */
  async list(filter: CountryFilter, { page, itemsPerPage }: Paging): Promise<{ items: Country[]; totalItems: number }> {
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
