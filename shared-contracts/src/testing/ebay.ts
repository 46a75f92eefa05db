import type { EbaySale } from '../ebay';

/** For tests: a sale waiting for shipment as GET /api/ebay/sales answers it: mittens to Vilnius, in euros. */
export function ebaySale(overrides: Partial<EbaySale> & Pick<EbaySale, 'id'>): EbaySale {
  return {
    '@id': `/api/ebay/sales/${overrides.id}`,
    account: { id: 1, name: 'Amber shop' },
    ebayOrderId: '12-10002-00002',
    soldAt: '2026-01-18T10:00:00.000Z',
    buyer: { name: 'Дмитрий Волков', username: 'dmitry', email: null, phonePrefix: null, phone: null },
    address: { addressLine: 'Gedimino pr. 9', city: 'Vilnius', postCode: 'LT-01103', region: null, countryCode: 'LT' },
    items: [
      {
        lineItemId: '1',
        title: 'Wool knitted mittens',
        quantity: 2,
        value: { cents: 3100, currency: 'EUR' },
        originalValue: null,
      },
    ],
    total: { cents: 3100, currency: 'EUR' },
    state: 'waiting',
    order: null,
    fulfilment: null,
    ...overrides,
  };
}
