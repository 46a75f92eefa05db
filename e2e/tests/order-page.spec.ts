import type { Page } from '@playwright/test';
import { choose, expect, expectNoAxeViolations, signInWithSmartIdCode, test } from './fixtures';
import { acceptAndPay, fillParty, RIGA_SENDER, S10 } from './wizard-driver';

// Issue 40 item 4, "an order a person can follow": a declined payment retried and paid leaves one
// order, and My orders' "Open" shows the order page (status, tracking, documents, what next).

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  // No internet here: the map picker falls back to the country outlines shipped with the app.
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
});

/** A 2 kg parcel within Latvia, post office to post office, to `receiver`, up to the summary. */
async function orderUpToSummary(page: Page, receiver: string) {
  await page.goto('/orders/parcel?country=LV&weight=2000');
  await choose(page.getByRole('radio', { name: /Parcel, post office to post office, Latvia/ }));
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('step-parties')).toBeVisible();
  await fillParty('en', page.getByTestId('party-sender'), RIGA_SENDER);
  await fillParty('en', page.getByTestId('party-receiver'), {
    name: receiver,
    phone: '29876543',
    address: 'Lielā iela 5',
    city: 'Liepāja',
    postCode: 'LV-3401',
  });
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('step-summary')).toBeVisible();
}

test('declined, retried and paid: one order in My orders, and Open shows the order page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await signInWithSmartIdCode(page, '020285-10002');
  // Tests share one database: a receiver nobody else uses finds this test's orders alone.
  // Names take letters only: the time written in letters a–j.
  const receiver = `Retry ${Date.now()
    .toString()
    .replace(/\d/g, (digit) => String.fromCharCode(97 + Number(digit)))}`;
  await orderUpToSummary(page, receiver);
  await acceptAndPay('en', page);
  await page.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(page).toHaveURL(/\/orders\/parcel\/[^/]+\/failed$/);
  await page.getByTestId('payment-retry').click();
  await expect(page.getByTestId('step-summary')).toBeVisible();
  await acceptAndPay('en', page);
  await page.locator('button[value="pay"]').click();
  await expect(page).toHaveURL(/\/orders\/parcel\/[^/]+\/success$/, { timeout: 20_000 });
  const number = (await page.getByTestId('shipment-number').textContent()) ?? '';
  expect(number).toMatch(S10);

  await page.goto('/my-orders');
  await page.getByTestId('orders-search').fill(receiver);
  const table = page.getByRole('region', { name: 'My orders' });
  await expect(table.getByRole('row').filter({ hasText: receiver })).toHaveCount(1);
  const row = table.getByRole('row').filter({ hasText: receiver });
  await expect(row).toContainText(number);
  await row.getByRole('link', { name: 'Open' }).click();

  await expect(page).toHaveURL(/\/orders\/parcel\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${number}`);
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  const shipment = page.getByRole('region', { name: `Shipment ${number}` });
  await expect(shipment.getByRole('link', { name: `Track shipment ${number}` })).toHaveAttribute(
    'href',
    `/track?number=${number}`,
  );
  await expect(shipment.getByTestId('hand-over')).toContainText('Hand it over at a post office');
  await expect(shipment.getByTestId('download-label-a6')).toBeVisible();
  await expect(shipment.getByRole('link', { name: 'File a complaint about this shipment' })).toHaveAttribute(
    'href',
    `/complaint?shipmentNumber=${number}`,
  );
  await expect(page.getByRole('region', { name: 'Price' }).getByTestId('order-page-total')).toHaveText(/\d,\d{2} €$/);
  await expectNoAxeViolations(page, ['main']);
  await expectNothingWiderThanTheScreen(page);

  // In Latvian, whose words are longer, nothing is cut either.
  await page.getByTestId('language-switch').getByText('LV').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pasūtījums ${number}`);
  await expect(page.getByRole('link', { name: 'Iesniegt sūdzību par šo sūtījumu' })).toBeVisible();
  await expectNothingWiderThanTheScreen(page);
});

/** No horizontal scroll, and no button whose words are cut (wider inside than it is drawn). */
async function expectNothingWiderThanTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const cut = await page.getByTestId('order-details').evaluate((root) =>
    // Mantine clips a button's label inside the button: the label, not the button, is wider.
    [...root.querySelectorAll('button, a, button *, a *')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => element.textContent),
  );
  expect(cut).toEqual([]);
}
