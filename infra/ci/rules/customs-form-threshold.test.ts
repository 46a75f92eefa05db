import { customsFormFor as apiCustomsForm } from '../../../api/src/modules/documents';
import { customsFormFor as wizardCustomsForm } from '../../../mf-order-flow/src/features/order/model';

// Issue 16 item 6: the order wizard and the API decide CN22 or CN23 by one rule
// (shared-contracts customsFormForValue, ORDER_LIMITS.cn22MaxValueCents). One table, both sides.
const CASES: [cents: number, form: 'CN22' | 'CN23'][] = [
  [0, 'CN22'],
  [29_999, 'CN22'],
  [30_000, 'CN22'], // exactly 300 EUR: CN22 (UPU: up to and including 300 SDR-equivalent)
  [30_001, 'CN23'],
  [100_000, 'CN23'],
];

describe('CN22 or CN23 by the content value, the same in the wizard and the API', () => {
  it.each(CASES)('%i cents → %s', (cents, form) => {
    expect(wizardCustomsForm(cents)).toBe(form);
    // The API's documents module sums the content lines first; split the value over two lines.
    const contents = [
      { weightGrams: 100, valueCents: Math.floor(cents / 2) },
      { weightGrams: 100, valueCents: cents - Math.floor(cents / 2) },
    ];
    expect(apiCustomsForm({ contents } as unknown as Parameters<typeof apiCustomsForm>[0])).toBe(form);
  });
});
