import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_MESSAGES_LV, serverMessage } from './server-messages';

describe('serverMessage', () => {
  it('finds a text by its code, whatever English came with it, and fills in its parameters', () => {
    expect(serverMessage({ code: 'NO_PRICE_FOUND', message: 'No price was found.' }, 'lv')).toBe('Cena nav atrasta.');
    expect(
      serverMessage(
        {
          code: 'INSURANCE_AMOUNT_ABOVE_MAXIMUM',
          message: 'The insurance amount is higher than the maximum of 5000 EUR.',
          messageTemplate: 'The insurance amount is higher than the maximum of {max} EUR.',
          parameters: { max: 5000 },
        },
        'lv',
      ),
    ).toBe('Apdrošināšanas summa pārsniedz maksimālo summu 5000 EUR.');
  });

  it('tells the texts of a kind of fault apart by their English, else shows its general text', () => {
    expect(serverMessage({ code: 'NOT_FOUND', message: 'Contact not found.' }, 'lv')).toBe('Kontakts nav atrasts.');
    expect(serverMessage({ code: 'NOT_FOUND', message: 'No route found for "GET /api/x".' }, 'lv')).toBe('Nav atrasts');
    // A text the catalogue knows under another code names the fault more closely than the general one.
    expect(serverMessage({ code: 'INVALID_PHONE', message: 'This value should not be blank.' }, 'lv')).toBe(
      SERVER_MESSAGES_LV['This value should not be blank.'],
    );
  });

  it('leaves English, and what the catalogue does not know, as the API wrote it', () => {
    expect(serverMessage({ code: 'NO_PRICE_FOUND', message: 'No price found.' }, 'en')).toBe('No price found.');
    expect(serverMessage('A message nobody translated.', 'lv')).toBe('A message nobody translated.');
    expect(serverMessage({ code: 'SOMETHING_NEW', message: 'Something new.' }, 'lv')).toBe('Something new.');
  });

  it('still translates every text the catalogue was keyed by before issue 39, by the text alone', () => {
    const before = JSON.parse(
      readFileSync(path.join(__dirname, 'server-messages.english-keys.json'), 'utf8'),
    ) as Record<string, string>;
    expect(Object.keys(before).length).toBeGreaterThan(280);
    const lost = Object.entries(before).filter(([english, latvian]) => serverMessage(english, 'lv') !== latvian);
    expect(lost).toEqual([]);
  });
});

describe('the returns’ messages', () => {
  it('are translated by their code and by their English text', () => {
    expect(serverMessage({ code: 'RETURN_CODE_UNKNOWN', message: 'No return matches this code.' }, 'lv')).toBe(
      'Šim kodam neatbilst neviens atpakaļsūtījums.',
    );
    expect(serverMessage('Choose a reason for the return.', 'lv')).toBe('Izvēlieties atpakaļsūtīšanas iemeslu.');
  });
});
