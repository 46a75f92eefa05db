import { SERVER_MESSAGES_LV } from '../i18n/server-messages';
import { ADDRESS_BOOK_MESSAGES, contactViolations, duplicateKey, foldForSearch } from './index';

const valid = { name: 'Ēriks Bērziņš', countryCode: 'LV', phonePrefix: '371', phone: '29123456', postCode: 'LV-1010' };
const paths = (contact: object) => contactViolations(contact).map((found) => found.propertyPath);

describe('contact rules (SPEC §5)', () => {
  it('accepts a valid contact and a partial address', () => {
    expect(contactViolations(valid)).toEqual([]);
    expect(contactViolations({ name: 'Otto Bauer', countryCode: 'DE' })).toEqual([]);
  });

  it('reports each broken rule at its field', () => {
    expect(paths({ ...valid, name: 'X' })).toEqual(['name']);
    expect(paths({ ...valid, name: '<script>' })).toEqual(['name']);
    expect(paths({ ...valid, phone: '1234' })).toEqual(['phone']);
    expect(paths({ ...valid, phonePrefix: '+371' })).toEqual(['phonePrefix']);
    expect(paths({ ...valid, email: 'not-an-email' })).toEqual(['email']);
    expect(paths({ ...valid, postCode: 'LV1010' })).toEqual(['postCode']);
    expect(paths({ ...valid, countryCode: 'LVA' })).toEqual(['countryCode']);
    expect(paths({ ...valid, countryCode: null })).toEqual(['countryCode']);
    expect(paths({ name: 'John Smith', countryCode: 'US' })).toEqual(['region']);
    expect(paths({ name: 'John Smith', countryCode: 'US', region: 'XX' })).toEqual(['region']);
    expect(paths({ name: 'John Smith', countryCode: 'US', region: 'ny' })).toEqual([]);
    expect(paths({ ...valid, addressId: '10123456' })).toEqual(['addressId']);
    expect(paths({ ...valid, addressId: '101234567' })).toEqual([]);
  });

  it('folds diacritics and case for search and duplicates', () => {
    expect(foldForSearch('Ēriks Bērziņš, Rīga')).toBe('eriks berzins, riga');
    expect(duplicateKey({ ...valid, name: ' eriks  berzins ' })).toBe(duplicateKey(valid));
    expect(duplicateKey({ ...valid, phone: '29123457' })).not.toBe(duplicateKey(valid));
  });

  it('has every address-book message in Latvian', () => {
    for (const message of Object.values(ADDRESS_BOOK_MESSAGES)) expect(SERVER_MESSAGES_LV[message]).toMatch(/\S/);
  });
});
