import type { Country } from './country';
import { createCountrySearch } from './country-search';

function country(code: string, name: string, nameLv: string, phonePrefix: string, aliases: string[] = []): Country {
  return { code, name, nameLv, phonePrefix, countryAliasNames: aliases, groups: [], active: true, type: null };
}

const countries = [
  country('LV', 'Latvia', 'Latvija', '371'),
  country('LT', 'Lithuania', 'Lietuva', '370'),
  country('EE', 'Estonia', 'Igaunija', '+372'),
  country('DE', 'Germany', 'Vācija', '49', ['Deutschland']),
  country('NL', 'Netherlands', 'Nīderlande', '31', ['Holland']),
  country('NO', 'Norway', 'Norvēģija', '47'),
];
const search = createCountrySearch(countries);
const codes = (found: Country[]) => found.map((c) => c.code);

describe('createCountrySearch', () => {
  it('returns every country in input order for an empty or blank query', () => {
    expect(codes(search(''))).toEqual(['LV', 'LT', 'EE', 'DE', 'NL', 'NO']);
    expect(codes(search('   '))).toEqual(['LV', 'LT', 'EE', 'DE', 'NL', 'NO']);
    expect(search('')).not.toBe(countries);
  });

  it.each(['Latvija', 'latvija', 'LATVIJA', 'Lātvija', 'Latvia', 'latvja'])(
    '%s finds Latvia and nothing else',
    (query) => {
      expect(codes(search(query))).toEqual(['LV']);
    },
  );

  it('ignores diacritics in the data as well as in the query', () => {
    expect(codes(search('Vacija'))).toEqual(['DE']);
    expect(codes(search('niderlande'))).toEqual(['NL']);
    expect(codes(search('Norvegija'))).toEqual(['NO']);
  });

  it('searches the alias names', () => {
    expect(codes(search('Holland'))).toEqual(['NL']);
    expect(codes(search('deutschland'))).toEqual(['DE']);
  });

  it('finds a phone prefix with or without a leading plus in the query or the data', () => {
    expect(codes(search('+371'))).toEqual(['LV']);
    expect(codes(search('371'))).toEqual(['LV']);
    expect(codes(search('372'))).toEqual(['EE']);
    expect(codes(search('+ 372'))).toEqual(['EE']);
  });

  it('puts the best match first and honours the limit', () => {
    expect(codes(search('37')).slice(0, 3).sort()).toEqual(['EE', 'LT', 'LV']);
    expect(search('37', 2)).toHaveLength(2);
    expect(codes(search('', 2))).toEqual(['LV', 'LT']);
  });

  it('returns nothing when no country is close', () => {
    expect(search('Atlantis')).toEqual([]);
  });
});
