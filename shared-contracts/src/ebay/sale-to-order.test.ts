import { bulkRowOfLine } from '../orders/bulk';
import { ebaySale } from '../testing/ebay';
import { bulkRowOfSale, orderDraftOfSale, saleProblems, suggestHsCode } from './sale-to-order';

// The fixture's mittens in euros, and an amber pendant paid in pounds.
const mittens = ebaySale({ id: 1 });
const sale = ebaySale({
  ...mittens,
  account: { id: 1, name: 'Shop' },
  ebayOrderId: '12-1',
  soldAt: '2026-01-19T00:00:00.000Z',
  buyer: { name: 'Дмитрий Волков', username: 'dmitry', email: 'd@example.com', phonePrefix: '370', phone: '61234567' },
  items: [
    ...mittens.items,
    {
      lineItemId: 'b',
      title: 'Amber pendant',
      quantity: 1,
      value: { cents: 4200, currency: 'GBP' },
      originalValue: null,
    },
  ],
  total: { cents: 7300, currency: 'EUR' },
});

describe('a sale as an order', () => {
  it('makes the buyer the receiver and each item a content line; a foreign price is left for the seller', () => {
    const draft = orderDraftOfSale(sale, {
      saved: [{ code: '611692', description: 'Knitted wool gloves and mittens' }],
    });
    const line = draft.orderLines[0]!;
    expect(line.receiver).toMatchObject({
      name: 'Дмитрий Волков',
      phonePrefix: '370',
      phone: '61234567',
      address: { countryCode: 'LT', city: 'Vilnius' },
    });
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

describe('a sale as a row of shipments in bulk', () => {
  const template = { ...bulkRowOfLine({}), product: '12', weight: '800', senderName: 'Anna', contentName: 'ignored' };

  it('takes the receiver and the items from the sale and the rest from the template', () => {
    const row = bulkRowOfSale(sale, template, [{ code: '611692', description: 'Knitted wool gloves and mittens' }]);
    expect(row).toMatchObject({
      product: '12',
      weight: '800',
      senderName: 'Anna',
      receiverName: 'Дмитрий Волков',
      receiverEmail: 'd@example.com',
      receiverPhonePrefix: '370',
      receiverPhone: '61234567',
      countryCode: 'LT',
      addressLine: 'Gedimino pr. 9',
      postCode: 'LT-01103',
      contentName: 'Wool knitted mittens × 2; Amber pendant',
      contentQuantity: '3',
      contentHsCode: '611692',
      contentOrigin: 'LV',
    });
    // One item in pounds: no sum in euros is guessed.
    expect(row.contentValue).toBe('');
  });

  it('sums values in euros; a sale without an address leaves the receiver address for the row check', () => {
    const inEuros = {
      ...sale,
      address: null,
      items: sale.items.map((item) => ({ ...item, value: { cents: item.value.cents, currency: 'EUR' } })),
    };
    const row = bulkRowOfSale(inEuros, { ...template, contentOrigin: 'DE' });
    expect(row).toMatchObject({
      contentValue: '73.00',
      contentOrigin: 'DE',
      contentHsCode: '',
      countryCode: '',
      city: '',
    });
  });
});
