import { SERVER_MESSAGES, type ServerText, serverMessage } from '@portal/shared-contracts/i18n/server-messages';
import { API_VERSION_MESSAGES } from '../../src/http/api-version';
import { ERROR_CODES } from '../../src/http/error-codes';
import { TOO_MANY_REQUESTS } from '../../src/http/rate-limits';
import { IDEMPOTENCY_CODES, IDEMPOTENCY_MESSAGES } from '../../src/modules/idempotency';
import { PRICE_CODES, PRICE_MESSAGES } from '../../src/modules/prices/engine';

// Issue 39: the screens translate what the API says by its code, from one catalogue of English and
// Latvian texts (shared-contracts/src/i18n/server-messages.ts); the shared rules' codes are checked
// beside it, the API's own codes here.

const textsOf = (code: string): readonly ServerText[] => {
  if (!Object.hasOwn(SERVER_MESSAGES, code)) return [];
  const entry: ServerText | readonly ServerText[] = SERVER_MESSAGES[code as keyof typeof SERVER_MESSAGES];
  return Array.isArray(entry) ? entry : [entry as ServerText];
};

describe('the API’s codes in the catalogue', () => {
  it('has English and Latvian for every error code, price code and idempotency code', () => {
    const codes = [...Object.keys(ERROR_CODES), ...Object.values(PRICE_CODES), ...Object.values(IDEMPOTENCY_CODES)];
    const missing = codes.filter((code) => !textsOf(code).some((text) => /\S/.test(text.en) && /\S/.test(text.lv)));
    expect(missing).toEqual([]);
  });

  it('words the API’s own refusals as the catalogue does, so the English lookup finds them too', () => {
    expect(IDEMPOTENCY_MESSAGES.invalid).toBe(SERVER_MESSAGES.IDEMPOTENCY_KEY_INVALID.en);
    expect(API_VERSION_MESSAGES.unknown).toBe(SERVER_MESSAGES.API_VERSION_UNKNOWN.en);
    expect(TOO_MANY_REQUESTS).toBe(SERVER_MESSAGES.RATE_LIMITED[0].en);
  });

  it('translates each price message by the code it is sent with', () => {
    const sent: [string, string][] = [
      [PRICE_MESSAGES.insuranceWithoutValue, PRICE_CODES.insuranceWithoutValue],
      [PRICE_MESSAGES.insuranceAboveMaximum, PRICE_CODES.insuranceAboveMaximum],
      [PRICE_MESSAGES.cashOnDeliveryWithoutAmount, PRICE_CODES.cashOnDeliveryInvalid],
      [PRICE_MESSAGES.serviceNotAvailable, PRICE_CODES.serviceNotAvailable],
      [PRICE_MESSAGES.noPriceFound, PRICE_CODES.priceOnRequest],
    ];
    for (const [message, code] of sent) {
      expect({ code, lv: serverMessage({ code, message }, 'lv') }).not.toEqual({ code, lv: message });
    }
  });
});
