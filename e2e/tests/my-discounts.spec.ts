import { expect, expectNoAxeViolations, test } from './fixtures';
import { signInWithSmartId } from './signed-in-orders';

// A registered user's loyalty discounts (issue 13 item 6) in the browser: the new-discount dialog
// on the home page, the "My discounts" page from the user menu, in English and Latvian.
// `GET /api/user_discounts` is answered here, not by the API: a real loyalty discount would be
// given to every user of the shared test database whose paid orders reach its N while it runs
// (home.spec's user among them), so the assignment itself is tested in the API's tests
// (api/test/modules/discounts/discounts.test.ts).

const DISCOUNT = {
  '@id': '/api/user_discounts/901',
  '@type': 'UserDiscount',
  id: 901,
  code: 'LOYAL-E2E',
  type: 'percentage',
  value: 1500,
  validFrom: '2026-01-01',
  validTill: '2099-12-31',
  assignedAt: '2026-11-20T10:00:00.000Z',
  usable: true,
};

test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
});

test('a registered user is told of a new loyalty discount once and finds it under My discounts', async ({ page }) => {
  test.slow();
  let seenAt: string | null = null;
  const seenCalls: string[] = [];
  await page.route(/\/api\/user_discounts(\/\d+\/seen)?$/, async (route) => {
    if (route.request().method() === 'POST') {
      seenCalls.push(new URL(route.request().url()).pathname);
      seenAt = '2026-11-21T10:00:00.000Z';
      return route.fulfill({ status: 204 });
    }
    return route.fulfill({
      contentType: 'application/ld+json',
      body: JSON.stringify({ 'hydra:member': [{ ...DISCOUNT, seenAt }], 'hydra:totalItems': 1 }),
    });
  });

  await signInWithSmartId(page, '010190-10001');
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'You have a new discount' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toContainText('LOYAL-E2E');
  await expect(dialog).toContainText('15,00 % off the tariff (valid till 31.12.2099)');
  await expectNoAxeViolations(page, ['[role="dialog"]']);
  await dialog.getByRole('button', { name: 'Got it' }).click();
  await expect(dialog).toBeHidden();
  expect(seenCalls).toEqual(['/api/user_discounts/901/seen']);

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'My discounts' }).click();
  await expect(page).toHaveURL(/\/user\/discounts$/);
  const table = page.getByTestId('my-discounts');
  await expect(table).toContainText('LOYAL-E2E');
  await expect(table).toContainText('Can be applied');
  // Seen: the dialog does not open again.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByTestId('language-switch').getByText('LV').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manas atlaides');
  await expect(table).toContainText('Var piemērot');
});
