/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../../src/db';
import { countries } from '../../../src/modules/countries/schema';
import { seedCountries } from '../../../src/modules/countries/seed';
import { CountryService } from '../../../src/modules/countries/service';
import { openTestDatabase } from '../../helpers';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
  await seedCountries(db.orm);
}, 60_000);
afterAll(() => db?.close());

const latviaName = async (service: CountryService) =>
  (await service.list({ inGroup: 'Latvia' }, { page: 1, itemsPerPage: 5 })).items[0]?.name;

describe('CountryService cache', () => {
  it('answers repeated lists from memory until invalidated', async () => {
    const service = new CountryService(db.orm);
    expect(await latviaName(service)).toBe('Latvia');

    await db.orm.update(countries).set({ name: 'Latvia (edited)' }).where(eq(countries.code, 'LV'));
    expect(await latviaName(service)).toBe('Latvia');

    service.invalidate();
    expect(await latviaName(service)).toBe('Latvia (edited)');
    await db.orm.update(countries).set({ name: 'Latvia' }).where(eq(countries.code, 'LV'));
  });

  it('keeps different filters apart', async () => {
    const service = new CountryService(db.orm);
    const baltic = await service.list({ inGroup: 'Baltic' }, { page: 1, itemsPerPage: 300 });
    const notBaltic = await service.list({ notInGroup: 'Baltic' }, { page: 1, itemsPerPage: 300 });
    expect(baltic.items.map((country) => country.code)).toEqual(['EE', 'LT', 'LV']);
    expect(notBaltic.items.map((country) => country.code)).not.toContain('LV');
  });
});
