// Issue 39: every code a shared rule gives a violation has its English and Latvian texts in the
// catalogue of server messages. Here, in testing/ (jest's, outside the folder-cycle rule), because it
// reads every domain folder's codes and those folders import i18n/.
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
import { SERVER_MESSAGES, type ServerText } from '../i18n/server-messages';
import { BULK_CODES } from '../orders/bulk';
import { ORDER_CODES } from '../orders/constants';
import { HANDOVER_REFUSALS } from '../orders/handover-code';
import { LIMIT_CODES } from '../pricing/limits';

const textsOf = (code: string): readonly ServerText[] => {
  const entry: ServerText | readonly ServerText[] = SERVER_MESSAGES[code as keyof typeof SERVER_MESSAGES];
  return Array.isArray(entry) ? entry : [entry as ServerText];
};

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
