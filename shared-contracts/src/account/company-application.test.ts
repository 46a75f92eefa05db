import { companyApplicationViolations, isCompanyRegistrationNumber } from './company-application';

const VALID = {
  companyName: 'SIA Tests',
  registrationNumber: '40003000001',
  vatNumber: 'LV40003000001',
  address: 'Rīga',
  email: 'office@example.com',
  iban: 'LV80 BANK 0000 4351 9500 1',
};

describe('company application rules (SPEC §5)', () => {
  it('accepts a complete application', () => {
    expect(companyApplicationViolations(VALID)).toEqual([]);
  });

  it.each([
    ['4000300000', false],
    ['40003000001', true],
    [' 40003000001 ', true],
    ['400030000012', false],
    ['4000300000!', false],
  ])('registration number %p is valid: %p', (value, valid) => {
    expect(isCompanyRegistrationNumber(value)).toBe(valid);
    const paths = companyApplicationViolations({ ...VALID, registrationNumber: value }).map(
      (item) => item.propertyPath,
    );
    expect(paths.includes('registrationNumber')).toBe(!valid);
  });

  it('names each missing or wrong field with its message and code', () => {
    const found = companyApplicationViolations({ vatNumber: '1', email: 'x', iban: 'LV00' });
    expect(found.map((item) => [item.propertyPath, item.code])).toEqual([
      ['companyName', 'IS_BLANK'],
      ['registrationNumber', 'IS_BLANK'],
      ['address', 'IS_BLANK'],
      ['vatNumber', 'INVALID_VAT_NUMBER'],
      ['email', 'INVALID_EMAIL'],
      ['iban', 'INVALID_IBAN'],
    ]);
  });

  it('limits the length of free text', () => {
    const found = companyApplicationViolations({ ...VALID, address: 'a'.repeat(256) });
    expect(found).toEqual([
      expect.objectContaining({ propertyPath: 'address', message: 'This value can have at most 255 characters.' }),
    ]);
  });
});
