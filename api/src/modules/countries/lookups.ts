import { eq, inArray } from 'drizzle-orm';
import type { Orm } from '../../db';
import { countries } from './schema';

// What other modules ask of countries (issue 37: a module's tables are its own; callers get answers,
// never the table). `db` may be the caller's transaction.

export async function countryExists(db: Orm, code: string): Promise<boolean> {
  const [row] = await db.select({ code: countries.code }).from(countries).where(eq(countries.code, code));
  return row !== undefined;
}

/** The codes of the countries shipments may go to today. */
export async function activeCountryCodes(db: Orm): Promise<Set<string>> {
  const rows = await db.select({ code: countries.code }).from(countries).where(eq(countries.active, true));
  return new Set(rows.map((row) => row.code));
}

/** The name of each of these codes that is a country, in English (labels) or Latvian (price lists). */
export async function countryNames(
  db: Orm,
  codes: readonly string[],
  language: 'en' | 'lv' = 'en',
): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: countries.code, name: countries.name, nameLv: countries.nameLv })
    .from(countries)
    .where(inArray(countries.code, [...codes]));
  return new Map(rows.map((row) => [row.code, language === 'lv' ? row.nameLv : row.name] as const));
}
