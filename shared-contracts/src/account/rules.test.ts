import {
  companyUserViolations,
  matchSavedHsCodes,
  NOTIFICATION_CHOICES,
  NOTIFIED_STATUSES,
  notificationSettingsViolations,
  PHONE_CODE_LENGTH,
  phoneChangeViolations,
  phoneCodeViolation,
  savedHsCodeViolations,
  secondsUntil,
} from './index';

const paths = (violations: { propertyPath: string; code: string }[]) =>
  violations.map(({ propertyPath, code }) => `${propertyPath}:${code}`);

describe('phone change rules', () => {
  const current = { phonePrefix: '371', phone: '21234567' };

  it('needs a new number in the SPEC §5 phone format, other than the current one', () => {
    expect(phoneChangeViolations({ phonePrefix: '371', phone: '29876543' }, current)).toEqual([]);
    expect(phoneChangeViolations({ phonePrefix: '370', phone: '21234567' }, current)).toEqual([]);
    expect(paths(phoneChangeViolations({ phonePrefix: '371', phone: ' ' }, current))).toEqual(['phone:PHONE_REQUIRED']);
    expect(paths(phoneChangeViolations({ phonePrefix: '371', phone: '31234567' }, current))).toEqual([
      'phone:INVALID_PHONE',
    ]);
    expect(paths(phoneChangeViolations({ phonePrefix: '+371', phone: '21234567' }, current))).toEqual([
      'phonePrefix:INVALID_PHONE',
    ]);
    expect(paths(phoneChangeViolations({ phonePrefix: '371', phone: ' 21234567 ' }, current))).toEqual([
      'phone:SAME_PHONE',
    ]);
  });

  it.each([
    ['', 'VERIFICATION_CODE_MISSING'],
    ['   ', 'VERIFICATION_CODE_MISSING'],
    ['12345', 'VERIFICATION_CODE_INVALID'],
    ['12345a', 'VERIFICATION_CODE_INVALID'],
    ['1234567', 'VERIFICATION_CODE_INVALID'],
  ])('answers the typed code %j with %s', (code, expected) => {
    expect(phoneCodeViolation(code)?.code).toBe(expected);
  });

  it(`takes ${PHONE_CODE_LENGTH} digits, spaces ignored`, () => {
    expect(phoneCodeViolation('123456')).toBeNull();
    expect(phoneCodeViolation('123 456')).toBeNull();
  });

  it('counts whole seconds down to the resend time, never below zero', () => {
    const now = new Date('2026-11-23T10:00:00.000Z');
    expect(secondsUntil('2026-11-23T10:01:00.000Z', now)).toBe(60);
    expect(secondsUntil('2026-11-23T10:00:00.200Z', now)).toBe(1);
    expect(secondsUntil('2026-11-23T09:59:00.000Z', now)).toBe(0);
  });
});

describe('saved goods codes', () => {
  it('takes 6 to 10 digits, once per account, with a description of at most 120 characters', () => {
    expect(savedHsCodeViolations({ code: '4202.22', description: 'Bags' })).toEqual([]);
    expect(paths(savedHsCodeViolations({ code: '42', description: 'Bags' }))).toEqual(['code:HS_CODE_FORMAT']);
    expect(paths(savedHsCodeViolations({ code: '420222', description: 'Bags' }, ['420222']))).toEqual([
      'code:HS_CODE_NOT_UNIQUE',
    ]);
    expect(paths(savedHsCodeViolations({ code: '420222', description: '  ' }))).toEqual([
      'description:DESCRIPTION_BLANK',
    ]);
    expect(paths(savedHsCodeViolations({ description: 'x'.repeat(121) }))).toEqual([
      'description:DESCRIPTION_TOO_LONG',
    ]);
  });

  it('offers the saved codes that fit what is typed: all, by code prefix, or by every word of a description', () => {
    const saved = [
      { code: '420222', description: 'Rokassomas', hsDescription: 'Handbags', hsDescriptionLv: 'Rokassomas' },
      { code: '490199', description: 'Our catalogues', hsDescription: 'Printed books', hsDescriptionLv: 'Grāmatas' },
    ];
    expect(matchSavedHsCodes(saved, '')).toEqual(saved);
    expect(matchSavedHsCodes(saved, '4901')).toEqual([saved[1]]);
    expect(matchSavedHsCodes(saved, '4202 2')).toEqual([saved[0]]);
    expect(matchSavedHsCodes(saved, 'gramatas')).toEqual([saved[1]]);
    expect(matchSavedHsCodes(saved, 'our books')).toEqual([saved[1]]);
    expect(matchSavedHsCodes(saved, 'shoes')).toEqual([]);
  });
});

describe('notification settings', () => {
  it('offers every notified status in one choice or another', () => {
    expect(NOTIFICATION_CHOICES.flatMap((choice) => choice.statuses).sort()).toEqual([...NOTIFIED_STATUSES].sort());
  });

  it('takes English, Latvian or none, and notified statuses only', () => {
    expect(notificationSettingsViolations({ language: 'lv', statuses: ['delivered'] })).toEqual([]);
    expect(notificationSettingsViolations({ language: null, statuses: [] })).toEqual([]);
    expect(paths(notificationSettingsViolations({ language: 'ru', statuses: ['processed', 'delivered'] }))).toEqual([
      'language:INVALID_LANGUAGE',
      'statuses[0]:INVALID_STATUS',
    ]);
  });
});

describe('company users', () => {
  it('needs an e-mail and a known role', () => {
    expect(companyUserViolations({ email: 'anna@example.com', role: 'USER' })).toEqual([]);
    expect(paths(companyUserViolations({ email: 'anna', role: 'OWNER' }))).toEqual([
      'email:INVALID_EMAIL',
      'role:INVALID_ROLE',
    ]);
  });
});
