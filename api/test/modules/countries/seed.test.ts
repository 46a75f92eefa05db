import { buildCountrySeed, EU_MEMBER_STATES } from '../../../src/modules/countries/seed';

const seed = buildCountrySeed();
const country = (code: string) => seed.countries.find((row) => row.code === code);
const groupsOf = (code: string) =>
  seed.groups
    .filter((row) => row.countryCode === code)
    .map((row) => row.groupName)
    .sort();

describe('buildCountrySeed', () => {
  it('has every ISO 3166-1 country once', () => {
    const codes = seed.countries.map((row) => row.code);
    expect(codes.length).toBeGreaterThanOrEqual(249);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });

  it('describes the Baltic states as SPEC §3 types them', () => {
    expect(country('LV')).toEqual({
      code: 'LV',
      name: 'Latvia',
      nameLv: 'Latvija',
      aliasNames: [],
      phonePrefix: '371',
      active: true,
      type: 6,
    });
    expect(country('LT')).toMatchObject({ nameLv: 'Lietuva', phonePrefix: '370', type: 7 });
    expect(country('EE')).toMatchObject({ nameLv: 'Igaunija', phonePrefix: '372', type: 7 });
    expect(seed.countries.filter((row) => row.type !== null).map((row) => row.code)).toEqual(['EE', 'LT', 'LV']);
  });

  it('groups countries into EU, Baltic, Latvia and World', () => {
    expect(groupsOf('LV')).toEqual(['Baltic', 'EU', 'Latvia']);
    expect(groupsOf('LT')).toEqual(['Baltic', 'EU']);
    expect(groupsOf('DE')).toEqual(['EU']);
    expect(groupsOf('NO')).toEqual(['World']);
    expect(groupsOf('GB')).toEqual(['World']);
    expect(EU_MEMBER_STATES).toHaveLength(27);
    expect(seed.groups.filter((row) => row.groupName === 'EU')).toHaveLength(27);
    expect(seed.countries.every((row) => groupsOf(row.code).length > 0)).toBe(true);
  });

  it('keeps the libraries’ other names as aliases, without the main names', () => {
    expect(country('US')?.aliasNames).toEqual(expect.arrayContaining(['USA', 'United States']));
    expect(country('US')?.aliasNames).not.toContain(country('US')?.name);
    expect(country('NL')?.aliasNames).toContain('The Netherlands');
  });

  it('makes exactly the countries without a calling code inactive', () => {
    const inactive = seed.countries.filter((row) => !row.active);
    expect(inactive.map((row) => row.code)).toEqual(expect.arrayContaining(['AQ', 'BV']));
    expect(inactive.every((row) => row.phonePrefix === null)).toBe(true);
    expect(seed.countries.filter((row) => row.active).every((row) => /^\d{1,4}$/.test(row.phonePrefix ?? ''))).toBe(
      true,
    );
  });
});
