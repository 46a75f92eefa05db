import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInWithPassword, test } from './fixtures';

// Products in the back office (issue 14 item 4): a product manager deactivates a product and the
// calculator no longer offers it. The product is the test's own (a parcel to Iceland, which no other
// spec prices), and it ends inactive, so the other specs' lists are as they expect them.

test.describe.configure({ timeout: 120_000 });

/**
 * The calculator's product names for a 1 kg parcel to Iceland, once the table holds the answer
 * (it always offers the seeded EEA products, so an empty or half-drawn table is never read as one).
 */
async function offeredToIceland(page: Page): Promise<string[]> {
  await page.goto('/tariff-calculator');
  const countries = page.getByRole('combobox', { name: 'Destination countries' });
  await countries.fill('Icel');
  await page.getByRole('option', { name: 'Iceland', exact: true }).click();
  await countries.press('Escape');
  await page.getByRole('textbox', { name: 'Weight, kg' }).fill('1');
  await page.getByRole('button', { name: 'Calculate' }).click();
  const table = page.getByTestId('price-table');
  const labels = () =>
    table
      .locator('tbody tr th')
      .evaluateAll((cells) => cells.map((cell) => cell.firstChild?.textContent?.trim() ?? ''));
  await expect.poll(labels, { timeout: 30_000 }).toContain('Parcel Premium, EEA');
  return labels();
}

test('a product manager deactivates a product and the calculator no longer offers it', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const label = `E2E parcel ${stamp}, Iceland`;
  const authorization = await signInWithPassword(page, 'manager@example.com');
  const created = await page.request.post('/api/admin/work_flows', {
    headers: { authorization },
    data: {
      seedKey: `e2e-parcel-is-${stamp}`,
      isActive: true,
      label,
      labelLv: `E2E paka ${stamp}, Islande`,
      shipmentType: 'parcel',
      shipmentSubType: 'standard',
      shipmentSizeType: null,
      countryCode: 'IS',
      zone: 'EEA',
      transferType: 'postOffice',
      receivingType: 'atReceiverAddress',
      maxWeight: 10_000,
      deliveryDays: 5,
      serviceOptions: [],
      tariff: { validFrom: '2026-01-01', weightCosts: [{ maxWeight: 2000, priceCents: 1234 }] },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();

  // The list: search on the server, open the product.
  await page.goto('/admin/work_flows');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products');
  await page.getByLabel('Search by name').fill(`E2E parcel ${stamp}`);
  await expect(page.getByTestId('products-count')).toHaveText('1 product');
  await expectNoAxeViolations(page);
  await page.getByTestId('products-table').getByRole('link', { name: label }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/work_flows/show/${id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
  await expect(page.getByTestId('product-weight-rows')).toContainText('12,34 €');
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Products' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // A new dated tariff from today (Riga) on the product's page: the calculator prices with it at once.
  const today = Object.fromEntries(
    new Intl.DateTimeFormat('lv-LV', { timeZone: 'Europe/Riga', day: '2-digit', month: '2-digit', year: 'numeric' })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  await page.getByLabel('Valid from').fill(`${today.day}.${today.month}.${today.year}`);
  await page.getByLabel('Step 1: up to (g)').fill('-2000');
  await page.getByRole('button', { name: 'Save tariff' }).click();
  await expect(page.getByText('A weight cannot be negative.')).toBeVisible();
  await page.getByLabel('Step 1: up to (g)').fill('2000');
  await page.getByLabel('Step 1: price (EUR)').fill('15,00');
  await page.getByRole('button', { name: 'Save tariff' }).click();
  await expect(page.getByTestId('product-weight-rows')).toContainText('15,00 €');
  const showUrl = page.url();
  expect(await offeredToIceland(page)).toContain(label);
  await expect(page.getByTestId('price-table').getByRole('row', { name: new RegExp(label) })).toContainText('15,00 €');
  await page.goto(showUrl);

  // Edit: a negative weight is refused beside its field, before anything is sent.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit product');
  await page.getByLabel('Maximum weight (g)').fill('-500');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('A weight cannot be negative.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Maximum weight (g)').fill('10000');
  await page.getByRole('checkbox', { name: /^Active/ }).uncheck();
  const saved = page.waitForResponse((response) => response.url().endsWith(`/api/admin/work_flows/${id}`));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/admin/work_flows/show/${id}$`));
  await expect(page.getByTestId('product-status')).toHaveText('Inactive');

  expect(await offeredToIceland(page)).not.toContain(label);

  // The same list in Latvian.
  await page.goto(`/admin/work_flows?label=${encodeURIComponent(`E2E parcel ${stamp}`)}`);
  await page.getByTestId('language-switch').getByText('LV').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Produkti');
  await expect(page.getByTestId('products-table')).toContainText('Neaktīvs');
  await expectNoAxeViolations(page);
});
