import Fuse from 'fuse.js';
import type { Country } from './country';

/** SPEC §5: a low threshold keeps "Latvia" from matching every country with an "a" in it. */
const FUZZY_THRESHOLD = 0.2;

export type CountrySearch = (query: string, limit?: number) => Country[];

/**
 * Builds the country picker's fuzzy search (SPEC §5) over the Latvian and English names,
 * the alias names and the phone prefix. Case and diacritics are ignored ("Lātvija" finds
 * "Latvija"), and so is a leading plus ("+371" finds Latvia, whatever way the prefix is stored).
 * An empty query returns the countries in their input order; `limit` caps either answer.
 */
export function createCountrySearch(countries: readonly Country[]): CountrySearch {
  const fuse = new Fuse(countries, {
    threshold: FUZZY_THRESHOLD,
    ignoreDiacritics: true,
    keys: [
      'nameLv',
      'name',
      'countryAliasNames',
      { name: 'phonePrefix', getFn: (country) => withoutLeadingPlus(country.phonePrefix ?? '') },
    ],
  });
  return (query, limit) => {
    const text = withoutLeadingPlus(query.trim());
    if (text === '') return countries.slice(0, limit);
    const results = limit === undefined ? fuse.search(text) : fuse.search(text, { limit });
    return results.map((result) => result.item);
  };
}

function withoutLeadingPlus(value: string): string {
  return value.replace(/^\+\s*/, '');
}
