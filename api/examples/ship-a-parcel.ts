// Ship a parcel from your own system with a company API key (issue 20 item 6; README "Ship from
// your system"). Nothing here is the portal's code: a program of yours would look like this, with
// `fetch` alone.
//
//   PORTAL_API_KEY=lvp_live_… node --import tsx api/examples/run.ts
//
// (run.ts reads the settings and writes the label; this file is the part a program of yours would
// carry). The key needs the scopes `read` (prices) and `ship` (order, payment, label), and `track`
// for the last step.

export interface ShipmentOptions {
  /** The portal, e.g. http://localhost:8080. */
  portalUrl: string;
  apiKey: string;
  labelFormat?: 'A6' | 'A4' | 'zpl';
  /** Where a step is told (console.log by default). */
  report?: (line: string) => void;
}

export interface Shipment {
  /** The order's address in the API (`/api/orders/{key}`). */
  order: string;
  /** The S10 number the parcel carries (SPEC §4). */
  trackingNumber: string;
  priceCents: number;
  label: { contentType: string; bytes: Uint8Array };
  /** The status tracking reports right after payment. */
  status: string;
}

/** A product the price list offers to one country, with its price (POST /api/prices/by_country). */
interface PricedProduct {
  '@id': string;
  label: string;
  transferType: string | null;
  receivingType: string | null;
  price: { amount: number } | null;
}

/** The API answers errors as Hydra errors: the description, and violations beside the fields. */
class PortalError extends Error {
  constructor(step: string, status: number, body: { 'hydra:description'?: string; violations?: unknown[] }) {
    super(`${step}: ${status} ${body['hydra:description'] ?? ''} ${JSON.stringify(body.violations ?? [])}`.trim());
  }
}

export async function shipAParcel({ portalUrl, apiKey, labelFormat = 'A6', report = console.log }: ShipmentOptions) {
  async function call<T>(step: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const answer = await fetch(new URL(path, portalUrl), {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (!answer.ok) throw new PortalError(step, answer.status, await answer.json().catch(() => ({})));
    return (await answer.json()) as T;
  }

  // 1. Which products go from a post office to a post office in Latvia for 1.2 kg, and at what price.
  const prices = await call<{ workFlows: PricedProduct[] }>('price', '/api/prices/by_country', {
    method: 'POST',
    body: { shipmentType: 'parcel', countryCodes: ['LV'], weight: 1200 },
  });
  const product = prices.workFlows
    .filter((offer) => offer.price && offer.transferType === 'postOffice' && offer.receivingType === 'postOffice')
    .sort((a, b) => (a.price?.amount ?? 0) - (b.price?.amount ?? 0))[0];
  if (!product?.price) throw new Error('price: no product goes from a post office to a post office in Latvia');
  report(`product: ${product.label}, ${(product.price.amount / 100).toFixed(2)} EUR`);

  // 2. The order: sender, receiver, terms accepted; the API checks every field (422 with violations).
  const order = await call<{ '@id': string }>('order', '/api/orders', {
    method: 'POST',
    body: {
      step: 3,
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
      termsAccepted: true,
      privacyAccepted: true,
      eNotification: 'agree',
    },
  });
  report(`order: ${order['@id']}`);

  // 3. Paid on the company's invoice: settled at once, the S10 number is given.
  await call('payment', `${order['@id']}/payments`, { method: 'POST', body: { method: 'invoice' } });
  const paid = await call<{ status: string; orderLines: { barcode: string | null }[] }>('read', order['@id']);
  const trackingNumber = paid.orderLines[0]?.barcode;
  if (!trackingNumber) throw new Error(`read: the paid order has no S10 number (status ${paid.status})`);
  report(`paid: ${trackingNumber}`);

  // 4. The label: a PDF (A6, or four on A4) or ZPL for a 100 × 150 mm thermal printer.
  const labelAnswer = await fetch(new URL(`${order['@id']}/documents/label?format=${labelFormat}`, portalUrl), {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  if (!labelAnswer.ok) throw new PortalError('label', labelAnswer.status, await labelAnswer.json().catch(() => ({})));
  const label = {
    contentType: labelAnswer.headers.get('content-type') ?? '',
    bytes: new Uint8Array(await labelAnswer.arrayBuffer()),
  };
  report(`label: ${label.contentType}, ${label.bytes.length} bytes`);

  // 5. Where the parcel is (the key needs `track`).
  const tracking = await call<{ status: string }>('track', `/api/tracking/${trackingNumber}`);
  report(`tracking: ${tracking.status}`);

  return { order: order['@id'], trackingNumber, priceCents: product.price.amount, label, status: tracking.status };
}
