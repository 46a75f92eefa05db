import type { Locator } from '@playwright/test';
import { choose, expect, expectNoAxeViolations, signInWithPassword, test } from './fixtures';

// Discounts in the back office (issue 14 item 5): an administrator creates a percentage discount
// in the admin form, and a visitor who applies its code at the summary step pays less by it.
// A code of unreadable characters is refused beside the field.

test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
});

async function fillParty(party: Locator, name: string, phone: string, address: string, city: string, postCode: string) {
  await party.getByLabel(/^Name and surname/).fill(name);
  await party.getByLabel(/^Phone(?! prefix)/).fill(phone);
  await party.getByLabel(/^Address/).fill(address);
  await party.getByLabel(/^City/).fill(city);
  await party.getByLabel(/^Post code/).fill(postCode);
}

/** Today and in 30 days in Riga, DD.MM.YYYY as the form takes them. */
function period(): { from: string; till: string } {
  const riga = (offsetDays: number) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Riga', day: '2-digit', month: '2-digit', year: 'numeric' })
      .format(new Date(Date.now() + offsetDays * 86_400_000))
      .replaceAll('/', '.');
  return { from: riga(0), till: riga(30) };
}

test("an administrator creates a percentage discount and a visitor's order price drops by it", async ({
  page,
  browser,
}) => {
  test.slow();
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const { from, till } = period();

  await signInWithPassword(page, 'admin@example.com');
  await page.goto('/admin/discounts');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discounts');
  await page.getByRole('link', { name: 'Add a discount' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New discount');

  // A code of unreadable characters: a clear message beside the field, nothing saved.
  await page.getByLabel(/^Code/).fill('ATLAIDE 10%');
  await page.getByLabel(/^Percentage \(%\)/).fill('10');
  await page.getByLabel(/^Valid from/).fill(from);
  await page.getByLabel(/^Valid till/).fill(till);
  await page.getByRole('button', { name: 'Add the discount' }).click();
  await expect(page.getByLabel(/^Code/)).toHaveAccessibleDescription(/only Latin letters A–Z, digits 0–9/);
  await expectNoAxeViolations(page);

  await page.getByLabel(/^Code/).fill(code);
  await page.getByRole('button', { name: 'Add the discount' }).click();
  await expect(page.getByText(`Discount ${code} was added.`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/discounts\/edit\/\d+$/);

  await page.goto(`/admin/discounts?code=${code}`);
  const table = page.getByTestId('discounts-table');
  await expect(table).toContainText(code);
  await expect(table).toContainText('10,00 %');
  await expect(table).toContainText(`${from} – ${till}`);
  await expectNoAxeViolations(page);

  // A visitor (no session) sends a registered letter within Latvia and applies the code.
  const visitor = await browser.newPage();
  await visitor.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
  await visitor.goto('/orders/letter?country=LV&weight=20');
  await choose(visitor.getByRole('radio', { name: /Registered letter, Latvia/ }));
  await visitor.getByTestId('next-step').click();
  await fillParty(
    visitor.getByTestId('party-sender'),
    'Anna Bērziņa',
    '21234567',
    'Brīvības iela 1',
    'Rīga',
    'LV-1010',
  );
  await fillParty(
    visitor.getByTestId('party-receiver'),
    'Jānis Ozols',
    '29876543',
    'Lielā iela 5',
    'Liepāja',
    'LV-3401',
  );
  await visitor.getByTestId('next-step').click();
  await expect(visitor.getByTestId('step-summary')).toBeVisible();
  // The published 4,35 € less the 0,46 € online-preparation discount (order-flow.spec.ts).
  await expect(visitor.getByTestId('order-total')).toHaveText('3,89 €');
  await visitor.getByTestId('discount-code').fill(code.toLowerCase());
  await visitor.getByTestId('apply-discount').click();
  // 10 % of 3,89 € is 0,389 €, rounded half up to 0,39 €.
  await expect(visitor.getByTestId('order-total')).toHaveText('3,50 €');
  await expect(visitor.getByText('The discount code was applied.')).toBeVisible();
  await visitor.close();
});
