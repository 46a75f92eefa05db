import { ALL_CONSENT, DEFAULT_CONSENT, parseConsent, serializeConsent } from './consent';

describe('parseConsent', () => {
  it('treats a missing cookie as no choice yet', () => {
    expect(parseConsent(null)).toEqual({ consent: DEFAULT_CONSENT, valid: false });
  });

  it('reads a stored choice', () => {
    const stored = { necessary: true, statistical: true, preferences: false, marketing: true };
    expect(parseConsent(JSON.stringify(stored))).toEqual({ consent: stored, valid: true });
  });

  it('round-trips what it writes', () => {
    expect(parseConsent(serializeConsent(ALL_CONSENT))).toEqual({ consent: ALL_CONSENT, valid: true });
  });

  it.each([
    ['not JSON', '{oops'],
    ['a non-object', '"yes"'],
    ['null', 'null'],
    ['a string flag', JSON.stringify({ statistical: 'true', preferences: false, marketing: false })],
    ['a missing flag', JSON.stringify({ statistical: true, preferences: false })],
  ])('resets %s to the defaults and asks again', (_label, raw) => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseConsent(raw)).toEqual({ consent: DEFAULT_CONSENT, valid: false });
  });

  it('always keeps necessary cookies on, whatever the cookie says', () => {
    const raw = JSON.stringify({ necessary: false, statistical: false, preferences: false, marketing: false });
    expect(parseConsent(raw).consent.necessary).toBe(true);
  });
});
