import { countrySchema } from './country';

const latvia = {
  code: 'LV',
  name: 'Latvia',
  nameLv: 'Latvija',
  countryAliasNames: [],
  phonePrefix: '371',
  groups: [{ name: 'baltic' }],
  active: true,
  type: 6,
};

describe('countrySchema', () => {
  it('accepts a country as the API lists it, dropping JSON-LD keys it does not describe', () => {
    expect(countrySchema.parse({ '@id': '/api/countries/LV', ...latvia })).toEqual(latvia);
  });

  it.each(['lv', 'LVA', ''])('refuses the code %j', (code) => {
    expect(countrySchema.safeParse({ ...latvia, code }).success).toBe(false);
  });

  it('requires the alias list and groups', () => {
    const { countryAliasNames: _aliases, ...withoutAliases } = latvia;
    expect(countrySchema.safeParse(withoutAliases).success).toBe(false);
  });
});
