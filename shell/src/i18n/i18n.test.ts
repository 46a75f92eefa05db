import i18next from 'i18next';
import { initI18n, loadServerMessagesFor, translateServerMessage } from './i18n';

// The catalogue of API messages is not part of the first paint (issue 18): it arrives beside the
// page when the page is Latvian, or at the first switch to Latvian.
describe('the API messages in the interface language', () => {
  it('shows an English page the API’s own words, and the Latvian ones once switched', async () => {
    await initI18n('en');
    expect(translateServerMessage('Not found')).toBe('Not found');
    expect(translateServerMessage({ code: 'TERMS_NOT_ACCEPTED', message: 'The terms of use must be accepted.' })).toBe(
      'The terms of use must be accepted.',
    );

    await i18next.changeLanguage('lv');
    await loadServerMessagesFor('lv');
    expect(translateServerMessage('Not found')).toBe('Nav atrasts');
    // By its code, whatever the English says.
    expect(translateServerMessage({ code: 'TERMS_NOT_ACCEPTED', message: 'Accept the terms.' })).toBe(
      'Jāpiekrīt lietošanas noteikumiem.',
    );
    // A message nobody translated stays as the API wrote it.
    expect(translateServerMessage('A message nobody translated.')).toBe('A message nobody translated.');

    await i18next.changeLanguage('en');
    expect(translateServerMessage({ code: 'TERMS_NOT_ACCEPTED', message: 'The terms of use must be accepted.' })).toBe(
      'The terms of use must be accepted.',
    );
  });
});
