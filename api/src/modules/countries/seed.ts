import { EU_MEMBER_STATES } from '@portal/shared-contracts/orders';
import { count } from 'drizzle-orm';
import countryNames from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';
import latvian from 'i18n-iso-countries/langs/lv.json';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import type { Orm } from '../../db';
import { countries, countryGroups } from './schema';

/** The EU member list lives once in shared-contracts (customs rule, SPEC §3); re-exported for the seed's groups. */
export { EU_MEMBER_STATES } from '@portal/shared-contracts/orders';

const BALTIC_STATES = ['LV', 'LT', 'EE'] as const;

/** Country types of SPEC §3; every other country has none. */
const COUNTRY_TYPES: Readonly<Record<string, number>> = { LV: 6, LT: 7, EE: 7 };

/** Filter groups of `groups.name`; World holds every country outside the EU, so each country has a group. */
const GROUPS = { eu: 'EU', baltic: 'Baltic', latvia: 'Latvia', world: 'World' } as const;

export type CountryRow = typeof countries.$inferInsert;
export type CountryGroupRow = typeof countryGroups.$inferInsert;

/**
 * Every country i18n-iso-countries knows (ISO 3166-1 alpha-2 plus XK, Kosovo), with English and
 * Latvian names, the libraries' alternative names as aliases and the calling code from
 * libphonenumber-js. Countries without a calling code there (AQ Antarctica, BV Bouvet Island,
 * GS South Georgia, HM Heard and McDonald Islands, PN Pitcairn, TF French Southern Territories,
 * UM US Minor Outlying Islands) are seeded inactive: a receiver's phone number cannot be given
 * with a prefix, and all but Pitcairn are uninhabited. An administrator can activate one later.
 */
export function buildCountrySeed(): { countries: CountryRow[]; groups: CountryGroupRow[] } {
  countryNames.registerLocale(english);
  countryNames.registerLocale(latvian);
  const codes = Object.keys(countryNames.getAlpha2Codes()).sort();

  const rows = codes.map((code): CountryRow => {
    const [name = code, ...englishAliases] = countryNames.getName(code, 'en', { select: 'all' }) ?? [];
    const [nameLv = name, ...latvianAliases] = countryNames.getName(code, 'lv', { select: 'all' }) ?? [];
    const phonePrefix = isSupportedCountry(code) ? getCountryCallingCode(code) : null;
    return {
      code,
      name,
      nameLv,
      aliasNames: [...new Set([...englishAliases, ...latvianAliases])],
      phonePrefix,
      active: phonePrefix !== null,
      type: COUNTRY_TYPES[code] ?? null,
    };
  });

  const isEu = new Set<string>(EU_MEMBER_STATES);
  const groups = codes.flatMap((code): CountryGroupRow[] => {
    const names: string[] = isEu.has(code) ? [GROUPS.eu] : [GROUPS.world];
    if ((BALTIC_STATES as readonly string[]).includes(code)) names.push(GROUPS.baltic);
    if (code === 'LV') names.push(GROUPS.latvia);
    return names.map((groupName) => ({ countryCode: code, groupName }));
  });

  return { countries: rows, groups };
}

/** Fills the country tables on first start; later starts (and concurrent ones) change nothing. */
export async function seedCountries(orm: Orm): Promise<void> {
  const [existing] = await orm.select({ total: count() }).from(countries);
  if (existing && existing.total > 0) return;

  const seed = buildCountrySeed();
  await orm.transaction(async (tx) => {
    await tx.insert(countries).values(seed.countries).onConflictDoNothing();
    await tx.insert(countryGroups).values(seed.groups).onConflictDoNothing();
  });
}
