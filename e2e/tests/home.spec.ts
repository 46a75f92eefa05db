import { expect, expectNoAxeViolations, signInAsCompanyUser, test } from './fixtures';
import { accessToken, orderAsUser, signInWithSmartId } from './signed-in-orders';

// The home page of SPEC §2 (issue 21): news cards for everyone, the signed-in user's recent
// orders and a company's all-shipments list, in English and Latvian.

/** A receiver name no other test uses (names take letters only). */
function uniqueName(first: string): string {
  const letters = Date.now()
    .toString()
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'a');
  return `${first} Test${letters}`;
}

test('news cards show in English and in Latvian', async ({ page }) => {
  await page.goto('/');
  const news = page.getByTestId('news');
  await expect(news.getByRole('heading', { name: 'News', level: 2 })).toBeVisible();
  await expect(news.getByTestId('news-card')).toHaveCount(3);
  await expect(news.getByRole('heading', { name: 'Sign in with Smart-ID or eParaksts' })).toBeVisible();
  await expect(news.getByText('Shipments are not delivered and couriers do not pick up on these days')).toBeVisible();

  await page.getByTestId('language-switch').getByText('LV').click();
  await expect(news.getByRole('heading', { name: 'Jaunumi', level: 2 })).toBeVisible();
  await expect(news.getByRole('heading', { name: 'Pieslēdzieties ar Smart-ID vai eParaksts' })).toBeVisible();
  await news.getByRole('link', { name: 'Lasīt vairāk' }).first().click();
  await expect(page).toHaveURL(/\/deadlines$/);

  await page.goto('/');
  await expectNoAxeViolations(page, ['[data-testid="news"]']);
});

test('a signed-in user finds a paid order among the recent orders on the home page, in English and Latvian', async ({
  page,
  request,
}) => {
  await signInWithSmartId(page, '010190-10001');
  const unpaidReceiver = uniqueName('Unpaid');
  const token = await accessToken(page);
  await orderAsUser(request, token, unpaidReceiver, false);
  const { key, number } = await orderAsUser(request, token, uniqueName('Paid'), true);

  await page.goto('/');
  const recent = page.getByTestId('recent-orders');
  await expect(recent.getByRole('heading', { name: 'Your recent orders' })).toBeVisible();
  const paidRow = recent.getByRole('row').filter({ hasText: number ?? '' });
  await expect(paidRow).toContainText('Paid');
  await expect(paidRow).toContainText(/\d{2}\.\d{2}\.\d{4}/);
  await expect(recent.getByRole('row').filter({ hasText: 'Parcel (no number yet)' }).first()).toContainText(
    'Unfinished',
  );
  // A private account has no all-shipments list.
  await expect(page.getByTestId('company-shipments')).toHaveCount(0);

  await page.getByTestId('language-switch').getByText('LV').click();
  await expect(recent.getByRole('heading', { name: 'Jūsu jaunākie pasūtījumi' })).toBeVisible();
  await expect(paidRow).toContainText('Apmaksāts');

  // A paid order opens on its own page (issue 40 item 4), not on the payment's result.
  await paidRow.getByRole('link', { name: number ?? '' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/parcel/${key}$`));
  await expect(page.getByText(number ?? '').first()).toBeVisible();
});

test('a company user sees the company’s all-shipments list on the home page', async ({ page, request }) => {
  await signInAsCompanyUser(page);
  const receiver = uniqueName('Company');
  await orderAsUser(request, await accessToken(page), receiver, false);

  await page.goto('/');
  const shipments = page.getByTestId('company-shipments');
  await expect(shipments.getByRole('heading', { name: 'All shipments of SIA Demo Company' })).toBeVisible();
  const row = shipments.getByRole('row').filter({ hasText: receiver });
  await expect(row).toContainText('Unfinished');
  await expect(page.getByTestId('recent-orders').getByRole('heading', { name: 'Your recent orders' })).toBeVisible();
  await expectNoAxeViolations(page, ['[data-testid="company-shipments"]']);

  await page.getByTestId('language-switch').getByText('LV').click();
  await expect(shipments.getByRole('heading', { name: 'Visi uzņēmuma sūtījumi: SIA Demo Company' })).toBeVisible();
  await expect(row).toContainText('Nepabeigts');
  await row.getByRole('link', { name: 'Paka (vēl bez numura)' }).click();
  await expect(page).toHaveURL(/\/orders\/parcel\/[\w-]+$/);
});
