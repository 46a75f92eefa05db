import { removeCookie } from '../browser/cookies';
import { persistLocale, readInitialLocale } from './locale-storage';

function clearAll() {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) removeCookie(name);
  }
  localStorage.clear();
}

describe('locale storage', () => {
  beforeEach(clearAll);

  it('defaults to English', () => {
    expect(readInitialLocale('', false)).toBe('en');
  });

  it('reads ?locale= first and keeps it', () => {
    expect(readInitialLocale('?locale=lv', false)).toBe('lv');
    expect(localStorage.getItem('locale')).toBe('lv');
    expect(readInitialLocale('', false)).toBe('lv');
  });

  it('accepts only lv or en, in any case or region form', () => {
    expect(readInitialLocale('?locale=LV-lv', false)).toBe('lv');
    expect(readInitialLocale('?locale=de', false)).toBe('lv');
    clearAll();
    expect(readInitialLocale('?locale=ru', false)).toBe('en');
  });

  it('uses local storage without preferences consent', () => {
    persistLocale('lv', false);
    expect(localStorage.getItem('locale')).toBe('lv');
    expect(document.cookie).not.toContain('locale=');
  });

  it('uses a cookie with preferences consent and clears local storage', () => {
    localStorage.setItem('locale', 'en');
    persistLocale('lv', true);
    expect(document.cookie).toContain('locale=lv');
    expect(localStorage.getItem('locale')).toBeNull();
    expect(readInitialLocale('', true)).toBe('lv');
  });
});
