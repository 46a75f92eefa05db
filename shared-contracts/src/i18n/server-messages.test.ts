import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ANNOUNCEMENT_CODES } from '../account/announcements';
import { API_KEY_CODES } from '../account/api-keys';
import { PHONE_CODE_CODES } from '../account/phone-verification';
import { SAVED_HS_CODE_CODES } from '../account/saved-hs-codes';
import { ADDRESS_BOOK_CODES } from '../address-book/rules';
import { DISCOUNT_CODES } from '../admin/discounts';
import { DATE_RANGE_CODES } from '../admin/orders';
import { APPROVAL_VIOLATION_CODES } from '../api/approval';
import { DAY_OFF_CODES } from '../calendar/days-off';
import { CMS_CODES } from '../cms';
import { COMPLAINT_HANDLING_CODES } from '../complaints/handling';
import { COMPLAINT_CODES } from '../complaints/rules';
import { EBAY_CODES } from '../ebay/model';
import { BULK_CODES } from '../orders/bulk';
import { ORDER_CODES } from '../orders/constants';
import { HANDOVER_REFUSALS } from '../orders/handover-code';
import { LIMIT_CODES } from '../pricing/limits';
import { SERVER_MESSAGES, SERVER_MESSAGES_LV, type ServerText, serverMessage } from './server-messages';

const textsOf = (code: string): readonly ServerText[] => {
  const entry: ServerText | readonly ServerText[] = SERVER_MESSAGES[code as keyof typeof SERVER_MESSAGES];
  return Array.isArray(entry) ? entry : [entry as ServerText];
};

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

describe('the catalogue', () => {
  it('has an English and a Latvian text for every code the shared rules give a violation', () => {
    const codes = [
      ...APPROVAL_VIOLATION_CODES,
      ...[
        API_KEY_CODES,
        ANNOUNCEMENT_CODES,
        PHONE_CODE_CODES,
        SAVED_HS_CODE_CODES,
        DISCOUNT_CODES,
        DATE_RANGE_CODES,
        ADDRESS_BOOK_CODES,
        DAY_OFF_CODES,
        CMS_CODES,
        COMPLAINT_HANDLING_CODES,
        COMPLAINT_CODES,
        EBAY_CODES,
        BULK_CODES,
        ORDER_CODES,
        HANDOVER_REFUSALS,
        LIMIT_CODES,
      ].flatMap((codesOf) => Object.values(codesOf) as string[]),
    ];
    const missing = codes.filter((code) => !Object.hasOwn(SERVER_MESSAGES, code));
    expect(missing).toEqual([]);
  });

  it('gives every text both languages, each code its texts once', () => {
    for (const code of Object.keys(SERVER_MESSAGES)) {
      const texts = textsOf(code);
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts)
        expect({ code, ...text }).toEqual({ code, en: expect.stringMatching(/\S/), lv: expect.stringMatching(/\S/) });
      expect(new Set(texts.map((text) => text.en)).size).toBe(texts.length);
    }
  });
});
