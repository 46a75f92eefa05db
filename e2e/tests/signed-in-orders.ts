import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signInWithSmartIdCode } from './fixtures';

// Helpers of tests that act as a signed-in user both in the browser and through the API.

/** Signs in with the development provider's Smart-ID simulation (the identity is verified). */
export async function signInWithSmartId(page: Page, personalCode: string) {
  await signInWithSmartIdCode(page, personalCode);
}

/** The signed-in user's access token, as the shell keeps it (oidc-client-ts, session storage). */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
    return key
      ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
      : undefined;
  });
  if (!token) throw new Error('not signed in');
  return token;
}

/**
 * A domestic parcel ordered through the API as the signed-in (identity-verified, so no bot check)
 * user; paid at the sandbox when `pay`. Answers the order's key and, once paid, its S10 number.
 */
export async function orderAsUser(request: APIRequestContext, token: string, receiver: string, pay: boolean) {
  const headers = { authorization: `Bearer ${token}` };
  const workflows = await request.get(
    '/api/public/work_flows?zone=LV&shipmentType=parcel&transferType=postOffice&receivingType=postOffice',
  );
  const workflow = (await workflows.json())['hydra:member'][0]['@id'] as string;
  const created = await request.post('/api/orders', {
    headers,
    data: {
      step: 3,
      orderLines: [
        {
          workFlow: workflow,
          attributes: { weight: 1000, countryCode: 'LV' },
          sender: {
            name: 'Sūtītājs Testa',
            phonePrefix: '371',
            phone: '21234567',
            email: 'sender@example.com',
            address: { countryCode: 'LV', addressLine: 'Brīvības iela 1', city: 'Rīga', postCode: 'LV-1010' },
          },
          receiver: {
            name: receiver,
            phonePrefix: '371',
            phone: '61234567',
            address: { countryCode: 'LV', addressLine: 'Rīgas iela 5', city: 'Cēsis', postCode: 'LV-4101' },
          },
        },
      ],
      termsAccepted: true,
      privacyAccepted: true,
      eNotification: 'disagree',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { key } = (await created.json()) as { key: string };
  if (!pay) return { key, number: null };
  const payment = await request.post(`/api/orders/${key}/payments`, { headers, data: {} });
  expect(payment.status()).toBe(201);
  const paid = await request.post((await payment.json()).redirectUrl, { form: { action: 'pay' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const order = await (await request.get(`/api/orders/${key}`, { headers })).json();
  return { key, number: order.orderLines[0].barcode as string };
}
