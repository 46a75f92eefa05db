import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { makeS10 } from '@portal/shared-contracts/s10';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { expect, expectNoAxeViolations, test } from './fixtures';

// Tracking (issue 6): a visitor's order is paid through the API, the development simulator
// (`npm run tracking:simulate -- --step --number …`, infra/tracking-simulator/) posts its scans one
// step at a time with the development provider's machine client, and the tracking page, the home
// card and the embedded parcel show the journey. The background simulator is off in these tests
// (TRACKING_SIMULATOR=off in playwright.config.ts), so only these steps move the shipment.

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** The header a visitor's write needs: a solved and verified bot-check challenge. */
async function botCheck(request: APIRequestContext): Promise<Record<string, string>> {
  const challenge = (await (await request.get('/api/public/bot-check/challenge')).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const token = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  expect((await request.post('/api/public/recaptcha-verify', { data: { token } })).status()).toBe(200);
  return { 'x-bot-check': token };
}

/** A domestic parcel (post office to post office) ordered and paid by a visitor: its S10 number. */
async function paidShipment(request: APIRequestContext): Promise<string> {
  const workflows = await request.get(
    '/api/public/work_flows?zone=LV&shipmentType=parcel&transferType=postOffice&receivingType=postOffice',
  );
  const workflow = (await workflows.json())['hydra:member'][0]['@id'] as string;
  const created = await request.post('/api/public/orders', {
    headers: await botCheck(request),
    data: {
      step: 3,
      orderLines: [
        {
          workFlow: workflow,
          attributes: { weight: 1000, countryCode: 'LV' },
          sender: {
            name: 'Anna Bērziņa',
            phonePrefix: '371',
            phone: '21234567',
            email: 'anna@example.com',
            address: { countryCode: 'LV', addressLine: 'Brīvības iela 1', city: 'Rīga', postCode: 'LV-1010' },
          },
          receiver: {
            name: 'Jānis Kalniņš',
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
  expect(created.status()).toBe(201);
  const { key } = await created.json();
  const payment = await request.post(`/api/public/orders/${key}/payments`, {
    headers: await botCheck(request),
    data: {},
  });
  expect(payment.status()).toBe(201);
  // The sandbox payment page's "Pay" button.
  const paid = await request.post((await payment.json()).redirectUrl, { form: { action: 'pay' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const order = await (await request.get(`/api/public/orders/${key}`)).json();
  const number = order.orderLines[0].barcode as string;
  expect(number).toMatch(/^[A-Z]{2}\d{9}LV$/);
  return number;
}

/** One step of the simulator for this shipment, as a developer runs it against the test portal. */
async function simulateStep(number: string): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'tracking:simulate', '--', '--step', '--number', number], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORTAL_URL: test.info().project.use.baseURL },
  });
  return stdout.trim();
}

/** The status badge and the newest timeline entry after a reload (answers are cached for a minute). */
async function expectJourney(page: Page, status: string, newest: string) {
  await page.reload();
  await expect(page.getByTestId('tracking-status')).toHaveText(status);
  await expect(page.getByTestId('tracking-timeline').getByRole('listitem').first()).toContainText(newest);
}

test('the machine client gets a tracking:ingest token by client credentials that the API accepts', async ({
  request,
}) => {
  const discovery = await (await request.get('/idp/.well-known/openid-configuration')).json();
  expect(discovery.grant_types_supported).toContain('client_credentials');
  const tokenRequest = (secret: string, scope: string) =>
    request.post(discovery.token_endpoint, {
      headers: { authorization: `Basic ${Buffer.from(`tracking-simulator:${secret}`).toString('base64')}` },
      form: { grant_type: 'client_credentials', scope },
    });
  // infra/dev-idp/machine-client.ts: the development stand-in secret (TRACKING_CLIENT_SECRET is unset here).
  const secret = 'dev-tracking-simulator-secret-not-for-production';
  expect((await tokenRequest('wrong-secret', 'tracking:ingest')).status()).toBe(401);
  expect(await (await tokenRequest(secret, 'api')).json()).toMatchObject({ error: 'invalid_scope' });
  const granted = await tokenRequest(secret, 'tracking:ingest');
  expect(granted.status()).toBe(200);
  const { access_token: token, scope } = await granted.json();
  expect(scope).toBe('tracking:ingest');

  const number = await paidShipment(request);
  const authorization = { authorization: `Bearer ${token}` };
  const listed = await request.get(`/api/tracking/in-progress?number=${number}`, { headers: authorization });
  expect(listed.status()).toBe(200);
  expect((await listed.json())['hydra:member']).toEqual([expect.objectContaining({ number, status: 'paid' })]);
  const event = {
    eventId: `machine-client-${number}`,
    shipmentNumber: number,
    code: 'ACCEPTED_POST_OFFICE',
    occurredAt: new Date().toISOString(),
    location: { name: 'Rīgas Centrālā pasta nodaļa', countryCode: 'LV' },
  };
  const posted = await request.post('/api/tracking/events', { headers: authorization, data: { events: [event] } });
  expect(posted.status()).toBe(200);
  expect(await posted.json()).toMatchObject({ stored: 1, duplicates: 0, flagged: [], rejected: [] });
  // Without the token the same batch is refused.
  expect((await request.post('/api/tracking/events', { data: { events: [event] } })).status()).toBe(401);
});

test('a paid shipment moves through its journey step by step, in English and in Latvian', async ({ page, request }) => {
  test.setTimeout(120_000);
  const number = await paidShipment(request);
  await page.goto(`/track?number=${number}`);
  await expect(page.getByTestId('tracking-status')).toHaveText('Paid, waiting for hand-over');
  await expect(page.getByText('The shipment has not been handed over yet.')).toBeVisible();

  expect(await simulateStep(number)).toBe(`${number}: paid -> ACCEPTED_POST_OFFICE`);
  await expectJourney(page, 'Handed over', 'Accepted at a post office');
  await expect(page.getByTestId('expected-delivery')).toHaveText(/^Expected delivery: \d{2}\.\d{2}\.\d{4}$/);
  expect(await simulateStep(number)).toBe(`${number}: transferred -> SORTED`);
  await expectJourney(page, 'Sorted', 'Sorted at a sorting centre');
  await expect(page.getByTestId('tracking-timeline').getByRole('listitem').first()).toContainText(
    'Rīgas šķirošanas centrs',
  );
  expect(await simulateStep(number)).toBe(`${number}: processed -> IN_TRANSIT`);
  await expectJourney(page, 'In transit', 'In transit');

  // The same journey in Latvian: the earlier scans too.
  await page.getByTestId('language-switch').getByText('LV').click();
  await expect(page.getByTestId('tracking-status')).toHaveText('Ceļā');
  const timeline = page.getByTestId('tracking-timeline').getByRole('listitem');
  await expect(timeline).toHaveText([/^Ceļā/, /^Apstrādāts šķirošanas centrā/, /^Pieņemts pasta nodaļā/]);

  expect(await simulateStep(number)).toBe(`${number}: sent -> READY_FOR_PICK_UP`);
  await expectJourney(page, 'Tiek piegādāts vai gaida saņēmēju', 'Gaida saņēmēju');
  expect(await simulateStep(number)).toBe(`${number}: releasedForDelivery -> DELIVERED`);
  await expectJourney(page, 'Piegādāts', 'Piegādāts');
  await expect(timeline).toHaveCount(5);
  await expect(page.getByTestId('expected-delivery')).toHaveCount(0);
  // The journey is over: the simulator leaves the shipment alone.
  expect(await simulateStep(number)).toBe(`${number}: nothing to advance`);
  await page.screenshot({ path: test.info().outputPath('tracking-delivered-lv.png'), fullPage: true });
  await expectNoAxeViolations(page, ['main']);
});

test('a mistyped number gets its message before any lookup; an unknown one is not found', async ({ page }) => {
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/public/tracking/')) lookups.push(request.url());
  });
  await page.goto('/track?number=RR123456784LV');
  await expect(page.getByTestId('tracking-invalid')).toHaveText(
    'This shipment number is not valid: please check it for typing errors.',
  );
  await page.getByTestId('language-switch').getByText('LV').click();
  await expect(page.getByTestId('tracking-invalid')).toHaveText(
    'Šis sūtījuma numurs nav derīgs: lūdzu, pārbaudiet, vai tajā nav drukas kļūdu.',
  );
  await page.goto('/track?number=AB123');
  await expect(page.getByTestId('tracking-invalid')).toHaveText(/^Sūtījuma numurā ir 13 rakstzīmes/);
  expect(lookups).toEqual([]);

  await page.goto(`/track?number=${makeS10('ZZ', 99_999_999)}`);
  await expect(page.getByTestId('tracking-error')).toHaveText(/^Sūtījums ar šādu numuru nav atrasts/);
});

test('the home card leads to the tracking page of the number typed', async ({ page, request }) => {
  const number = await paidShipment(request);
  await page.goto('/');
  const card = page.getByTestId('tracking-card');
  await card.getByRole('textbox', { name: 'Shipment number' }).fill(` ${number.toLowerCase()} `);
  await card.getByRole('button', { name: 'Track' }).click();
  await expect(page).toHaveURL(`/track?number=${number}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Package tracking');
  await expect(page.getByTestId('tracking-result').getByRole('heading', { level: 2 })).toHaveText(number);
  await expect(page.getByTestId('tracking-status')).toHaveText('Paid, waiting for hand-over');
});

test('the embed demo page shows a shipment through the public API, in both languages', async ({ page, request }) => {
  const number = await paidShipment(request);
  expect(await simulateStep(number)).toBe(`${number}: paid -> ACCEPTED_POST_OFFICE`);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const lookup = page.waitForResponse(`**/api/public/tracking/${number}`);
  await page.goto(`/embed/tracking.html?number=${number}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Where is my parcel?');
  // The page itself carries no React: only the loader script and its inline mount call (the other
  // scripts are the chunks the federation runtime loads from the remote).
  const scripts = await page.evaluate(() => [...document.scripts].map((script) => script.src).filter(Boolean));
  expect(scripts.filter((src) => !src.includes('/remotes/mf-tracking/'))).toEqual([
    expect.stringMatching(/\/embed\/dist\/tracking-embed\.js$/),
  ]);
  expect((await lookup).status()).toBe(200);
  const host = page.getByTestId('embed-host');
  await expect(host.getByRole('heading', { level: 2, name: 'Track a shipment' })).toBeVisible();
  await expect(host.getByRole('heading', { level: 2, name: number })).toBeVisible();
  await expect(host.getByTestId('tracking-status')).toHaveText('Handed over');
  await expect(host.getByTestId('tracking-timeline')).toContainText('Accepted at a post office');
  await expect(host.getByRole('link', { name: 'File a complaint about this shipment' })).toHaveAttribute(
    'href',
    `/complaint?shipmentNumber=${number}`,
  );

  await page.getByRole('button', { name: 'Latviešu' }).click();
  await expect(host.getByRole('heading', { level: 2, name: 'Izsekot sūtījumu' })).toBeVisible();
  await expect(host.getByTestId('tracking-timeline')).toContainText('Pieņemts pasta nodaļā');
  await host.getByRole('textbox', { name: 'Sūtījuma numurs' }).fill('RR123456784LV');
  await host.getByRole('button', { name: 'Izsekot' }).click();
  await expect(host.getByTestId('tracking-invalid')).toHaveText(/^Šis sūtījuma numurs nav derīgs/);
  await page.screenshot({ path: test.info().outputPath('embedded-tracking.png'), fullPage: true });
  await expectNoAxeViolations(page, ['#tracking']);
  expect(errors).toEqual([]);
});

test('Track with an empty field says why beside it, in English and in Latvian (issue 40)', async ({ page }) => {
  await page.goto('/');
  const card = page.getByTestId('tracking-card');
  await card.getByRole('button', { name: 'Track' }).click();
  const field = card.getByRole('textbox', { name: 'Shipment number' });
  await expect(field).toHaveAccessibleDescription('Enter the shipment number to track.');
  await expect(page).toHaveURL(/\/$/);
  await page.getByTestId('language-switch').getByText('LV').click();
  await card.getByRole('button', { name: 'Izsekot' }).click();
  await expect(card.getByRole('textbox', { name: 'Sūtījuma numurs' })).toHaveAccessibleDescription(
    'Ievadiet izsekojamā sūtījuma numuru.',
  );
});

test('"File a complaint" from tracking opens the form with the shipment number (issue 40)', async ({
  page,
  request,
}) => {
  const number = await paidShipment(request);
  await page.goto(`/track?number=${number}`);
  await page.getByRole('link', { name: 'File a complaint about this shipment' }).click();
  await expect(page).toHaveURL(`/complaint?shipmentNumber=${number}`);
  await expect(page.getByRole('textbox', { name: 'Shipment number' })).toHaveValue(number);
});
