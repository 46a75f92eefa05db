import type { EbaySale } from './model';
import { orderDraftOfSale, saleProblems, suggestHsCode } from './sale-to-order';

const sale: EbaySale = {
  '@id': '/api/ebay/sales/1',
  id: 1,
  account: { id: 1, name: 'Shop' },
  ebayOrderId: '12-1',
  soldAt: '2026-01-19T00:00:00.000Z',
  buyer: { name: 'Дмитрий Волков', username: 'dmitry', email: 'd@example.com', phone: null },
  address: { addressLine: 'Gedimino pr. 9', city: 'Vilnius', postCode: 'LT-01103', region: null, countryCode: 'LT' },
  items: [
    {
      lineItemId: 'a',
      title: 'Wool knitted mittens',
      quantity: 2,
      value: { cents: 3100, currency: 'EUR' },
      originalValue: null,
    },
    {
      lineItemId: 'b',
      title: 'Amber pendant',
      quantity: 1,
      value: { cents: 4200, currency: 'GBP' },
      originalValue: null,
    },
  ],
  total: { cents: 7300, currency: 'EUR' },
  state: 'waiting',
  order: null,
  fulfilment: null,
};

describe('a sale as an order', () => {
  it('makes the buyer the receiver and each item a content line; a foreign price is left for the seller', () => {
    const draft = orderDraftOfSale(sale, {
      saved: [{ code: '611692', description: 'Knitted wool gloves and mittens' }],
    });
    const line = draft.orderLines[0]!;
    expect(line.receiver).toMatchObject({ name: 'Дмитрий Волков', address: { countryCode: 'LT', city: 'Vilnius' } });
    expect(line.attributes?.countryCode).toBe('LT');
    expect(line.content).toEqual([
      { name: 'Wool knitted mittens', quantity: 2, value: 3100, countryCode: 'LV', hsCode: '611692' },
      { name: 'Amber pendant', quantity: 1, value: null, countryCode: 'LV', hsCode: null },
    ]);
  });

  it('suggests the saved code sharing most words, ignoring case and diacritics', () => {
    const saved = [
      { code: '1', description: 'Books' },
      { code: '2', description: 'Dzintara kaklarota (amber) pendant' },
    ];
    expect(suggestHsCode('AMBER Pendant necklace', saved)).toBe('2');
    expect(suggestHsCode('Bicycle', saved)).toBeNull();
  });

  it('names what stops a sale from becoming a shipment', () => {
    expect(saleProblems(sale)).toEqual([]);
    expect(saleProblems({ address: null, items: Array.from({ length: 11 }, () => sale.items[0]!) })).toEqual([
      'NO_ADDRESS',
      'TOO_MANY_ITEMS',
    ]);
  });
});
