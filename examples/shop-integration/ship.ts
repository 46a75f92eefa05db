// A shop ships a parcel end to end with a TEST key (issue 38 item 7), through the client generated
// from the portal's public OpenAPI document (client/, generate.ts): who am I, price, order (with an
// Idempotency-Key), pay on invoice, label, then the test helper moves the parcel to delivered.
// Nothing here is the portal's code: a shop's program would look like this.
//
//   PORTAL_URL=http://localhost:8080 PORTAL_API_KEY=lvp_test_… node --import tsx examples/shop-integration/run.ts
import { randomUUID } from 'node:crypto';
import { createClient } from './client/client';
import {
  getMe,
  getOrdersByKey,
  getOrdersByKeyDocumentsLabel,
  postOrders,
  postOrdersByKeyPayments,
  postPricesByCountry,
  postTestHelpersOrdersByKeyAdvance,
} from './client/sdk.gen';

export interface ShopRun {
  order: string;
  trackingNumber: string;
  labelBytes: number;
  /** Each scan the test helper made, in order, until delivered. */
  journey: string[];
  finalStatus: string;
}

/** A failed call: what the API's Hydra error said (its stable code). */
function expectOk<T>(step: string, result: { data?: T; error?: unknown; response?: Response }): T {
  if (result.data === undefined || result.error !== undefined) {
    throw new Error(`${step}: ${result.response?.status} ${JSON.stringify(result.error)}`);
  }
  return result.data;
}

export async function shipWithTestKey(portalUrl: string, apiKey: string, report = console.log): Promise<ShopRun> {
  const client = createClient({ baseUrl: portalUrl, headers: { authorization: `Bearer ${apiKey}` } });

  const me = expectOk('me', await getMe({ client }));
  if (me.mode !== 'test') throw new Error('use a test key (lvp_test_…) for this example');
  report(`account ${me.account}, scopes ${me.scopes.join(' ')}`);

  const prices = expectOk(
    'price',
    await postPricesByCountry({ client, body: { shipmentType: 'parcel', countryCodes: ['LV'], weight: 1200 } }),
  );
  const product = prices.workFlows
    .filter((offer) => offer.price && offer.transferType === 'postOffice' && offer.receivingType === 'postOffice')
    .sort((a, b) => (a.price?.amount ?? 0) - (b.price?.amount ?? 0))[0];
  if (!product) throw new Error('price: no product from a post office to a post office in Latvia');

  // Sent again after a time-out with the same key, the call answers the same order.
  const idempotencyKey = randomUUID();
  const created = expectOk(
    'order',
    await postOrders({
      client,
      headers: { 'Idempotency-Key': idempotencyKey },
      body: {
        step: 3,
        termsAccepted: true,
        privacyAccepted: true,
        eNotification: 'agree',
        orderLines: [
          {
            workFlow: product['@id'],
            attributes: { weight: 1200, countryCode: 'LV' },
            sender: {
              name: 'SIA Piemērs',
              phonePrefix: '371',
              phone: '21234567',
              email: 'noliktava@example.com',
              address: { countryCode: 'LV', addressLine: 'Brīvības iela 1', city: 'Rīga', postCode: 'LV-1010' },
            },
            receiver: {
              name: 'Jānis Bērziņš',
              phonePrefix: '371',
              phone: '26123456',
              address: { countryCode: 'LV', addressLine: 'Rīgas iela 5', city: 'Cēsis', postCode: 'LV-4101' },
            },
          },
        ],
      },
    }),
  );
  const key = created['@id'].split('/').pop() ?? '';
  report(`order ${created['@id']}`);

  expectOk(
    'pay',
    await postOrdersByKeyPayments({
      client,
      path: { key },
      headers: { 'Idempotency-Key': randomUUID() },
      body: { method: 'invoice' },
    }),
  );
  const paid = expectOk('read', await getOrdersByKey({ client, path: { key } }));
  const trackingNumber = paid.orderLines[0]?.barcode;
  if (!trackingNumber) throw new Error('read: the paid order has no S10 number');
  report(`paid: ${trackingNumber}`);

  const label = await getOrdersByKeyDocumentsLabel({
    client,
    path: { key },
    query: { format: 'zpl' },
    parseAs: 'text',
  });
  const labelText = String(expectOk('label', label));
  report(`label: ${labelText.length} characters of ZPL`);

  const journey: string[] = [];
  for (let step = 0; step < 10; step++) {
    const moved = expectOk('advance', await postTestHelpersOrdersByKeyAdvance({ client, path: { key } }));
    const scanned = moved.shipments[0]?.scanned ?? null;
    if (scanned === null) break;
    journey.push(scanned);
    report(`scanned: ${scanned}`);
  }
  const delivered = expectOk('read', await getOrdersByKey({ client, path: { key } }));
  return {
    order: created['@id'],
    trackingNumber,
    labelBytes: labelText.length,
    journey,
    finalStatus: delivered.orderLines[0]?.status ?? 'unknown',
  };
}
