import type { Locale } from '@portal/shared-contracts';
import { reportUnlessLanguageSwitched } from './hydration-errors';

describe('errors React recovers from while taking the first screen over', () => {
  it('are reported while the page is in the language it was drawn in', () => {
    const report = jest.fn();
    const locale: Locale = 'en';
    reportUnlessLanguageSwitched('en', () => locale, report)(new Error('Minified React error #418'));
    expect(report).toHaveBeenCalledWith(new Error('Minified React error #418'));
  });

  it('are not reported once the visitor has switched the language (the markup is in the old one)', () => {
    const report = jest.fn();
    let locale: Locale = 'en';
    const onRecoverableError = reportUnlessLanguageSwitched('en', () => locale, report);
    locale = 'lv';
    onRecoverableError(new Error('Minified React error #418'));
    expect(report).not.toHaveBeenCalled();
  });

  it('go to the page’s global error event by default, where the operators’ log picks them up', () => {
    const seen: unknown[] = [];
    const listener = (event: ErrorEvent) => {
      seen.push(event.error);
      event.preventDefault();
    };
    window.addEventListener('error', listener);
    const error = new Error('hydration failed');
    reportUnlessLanguageSwitched('lv', () => 'lv')(error);
    window.removeEventListener('error', listener);
    expect(seen).toEqual([error]);
  });
});
