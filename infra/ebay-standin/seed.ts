// The stand-in's sellers and their sales, in the shape of eBay's Sell Fulfillment API `Order`
// (getOrders). Amounts are decimal strings as eBay sends them; a sale paid in another currency
// carries eBay's conversion (`value`/`currency` in the seller's currency, `convertedFrom…` the
// buyer's), as eBay reports it to a seller whose payouts are in euros.

export interface StandInAmount {
  value: string;
  currency: string;
  convertedFromValue?: string;
  convertedFromCurrency?: string;
}

export interface StandInLineItem {
  lineItemId: string;
  legacyItemId: string;
  title: string;
  quantity: number;
  lineItemCost: StandInAmount;
  lineItemFulfillmentStatus: 'NOT_STARTED' | 'IN_PROGRESS' | 'FULFILLED';
}

export interface StandInOrder {
  orderId: string;
  creationDate: string;
  orderFulfillmentStatus: 'NOT_STARTED' | 'IN_PROGRESS' | 'FULFILLED';
  orderPaymentStatus: 'PAID';
  buyer: { username: string };
  pricingSummary: { total: StandInAmount };
  fulfillmentStartInstructions: {
    fulfillmentInstructionsType: 'SHIP_TO';
    shippingStep?: {
      shipTo: {
        fullName: string;
        contactAddress?: {
          addressLine1?: string;
          addressLine2?: string;
          city?: string;
          stateOrProvince?: string;
          postalCode?: string;
          countryCode?: string;
        };
        primaryPhone?: { phoneNumber: string };
        email?: string;
      };
    };
  }[];
  lineItems: StandInLineItem[];
}

export interface StandInSeller {
  username: string;
  orders: StandInOrder[];
}

const amount = (value: string, currency = 'EUR', converted?: [string, string]): StandInAmount => ({
  value,
  currency,
  ...(converted ? { convertedFromValue: converted[0], convertedFromCurrency: converted[1] } : {}),
});

function order(
  orderId: string,
  daysAgo: number,
  buyer: string,
  shipTo: StandInOrder['fulfillmentStartInstructions'][number]['shippingStep'],
  items: { title: string; quantity: number; cost: StandInAmount }[],
  status: StandInOrder['orderFulfillmentStatus'] = 'NOT_STARTED',
): StandInOrder {
  const total = items.reduce((sum, item) => sum + Math.round(Number(item.cost.value) * 100), 0);
  const currency = items[0]?.cost.currency ?? 'EUR';
  return {
    orderId,
    creationDate: new Date(Date.UTC(2026, 0, 20) - daysAgo * 86_400_000).toISOString(),
    orderFulfillmentStatus: status,
    orderPaymentStatus: 'PAID',
    buyer: { username: buyer },
    pricingSummary: { total: amount((total / 100).toFixed(2), currency) },
    fulfillmentStartInstructions: [
      { fulfillmentInstructionsType: 'SHIP_TO', ...(shipTo ? { shippingStep: shipTo } : {}) },
    ],
    lineItems: items.map((item, index) => ({
      lineItemId: `${orderId.replace(/\D/g, '')}${String(index + 1).padStart(3, '0')}`,
      legacyItemId: `1${String(index + 1).padStart(11, '0')}`,
      title: item.title,
      quantity: item.quantity,
      lineItemCost: item.cost,
      lineItemFulfillmentStatus: status === 'FULFILLED' ? 'FULFILLED' : 'NOT_STARTED',
    })),
  };
}

/**
 * Three sales awaiting shipment: a Latvian buyer in euros, a buyer whose name is in Cyrillic, a
 * British buyer who paid in pounds. `series` is the first group of their eBay order ids, so that
 * each seller's sales have ids of their own.
 */
export function waitingSales(series: number): StandInOrder[] {
  return [
    order(
      `${series}-10001-00001`,
      1,
      'liga_k',
      {
        shipTo: {
          fullName: 'Līga Kalniņa',
          contactAddress: {
            addressLine1: 'Tērbatas iela 14-3',
            city: 'Rīga',
            postalCode: 'LV-1011',
            countryCode: 'LV',
          },
          primaryPhone: { phoneNumber: '+37120000001' },
          email: 'liga.buyer@example.com',
        },
      },
      [{ title: 'Vintage brass compass', quantity: 1, cost: amount('24.90') }],
    ),
    order(
      `${series}-10002-00002`,
      2,
      'dmitry_v',
      {
        shipTo: {
          fullName: 'Дмитрий Волков',
          contactAddress: {
            addressLine1: 'Gedimino pr. 9',
            city: 'Vilnius',
            postalCode: 'LT-01103',
            countryCode: 'LT',
          },
          email: 'dmitry.buyer@example.com',
        },
      },
      [
        { title: 'Wool knitted mittens', quantity: 2, cost: amount('31.00') },
        { title: 'Linen table cloth', quantity: 1, cost: amount('18.50') },
      ],
    ),
    order(
      `${series}-10003-00003`,
      3,
      'oliver_uk',
      {
        shipTo: {
          fullName: 'Oliver Smith',
          contactAddress: {
            addressLine1: '221B Baker Street',
            city: 'London',
            postalCode: 'NW1 6XE',
            countryCode: 'GB',
          },
          email: 'oliver.buyer@example.com',
        },
      },
      [{ title: 'Amber pendant necklace', quantity: 1, cost: amount('42.00', 'GBP') }],
    ),
  ];
}

/**
 * `demo-seller`: three sales awaiting shipment (a Latvian buyer in euros, a buyer whose name is in
 * Cyrillic, a British buyer who paid in pounds) and one shipped earlier that getOrders' filter
 * leaves out. `edge-seller`: the bad input of issue 15 (no shipping address, 200 items).
 */
export function seedSellers(): StandInSeller[] {
  return [
    {
      username: 'demo-seller',
      orders: [
        ...waitingSales(12),
        order(
          '12-09999-00009',
          30,
          'earlier_buyer',
          {
            shipTo: {
              fullName: 'Earlier Buyer',
              contactAddress: {
                addressLine1: 'Brīvības iela 1',
                city: 'Rīga',
                postalCode: 'LV-1010',
                countryCode: 'LV',
              },
            },
          },
          [{ title: 'Shipped long ago', quantity: 1, cost: amount('5.00') }],
          'FULFILLED',
        ),
      ],
    },
    {
      username: 'edge-seller',
      orders: [
        order('12-20001-00001', 1, 'no_address', undefined, [
          { title: 'Sale without an address', quantity: 1, cost: amount('9.99') },
        ]),
        order(
          '12-20002-00002',
          2,
          'bulk_buyer',
          {
            shipTo: {
              fullName: 'Bulk Buyer',
              contactAddress: {
                addressLine1: 'Elizabetes iela 2',
                city: 'Rīga',
                postalCode: 'LV-1010',
                countryCode: 'LV',
              },
            },
          },
          Array.from({ length: 200 }, (_, index) => ({
            title: `Postcard no. ${index + 1}`,
            quantity: 1,
            cost: amount('0.50'),
          })),
        ),
      ],
    },
  ];
}
