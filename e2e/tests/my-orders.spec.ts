import { expect, expectNoAxeViolations, signInWithSmartIdCode, test } from './fixtures';
import { accessToken, orderAsUser } from './signed-in-orders';

// My orders on a phone (issue 18's list, walked at 390 px): the filters sit two a row, the table
// scrolls within its own region instead of widening the page, and the search finds a receiver by
// the start of any word of the name.
test('my orders on a phone: searched by a word of the name, scrolled within the table, never the page', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await signInWithSmartIdCode(page, '020285-10002');
  const token = await accessToken(page);
  for (const name of ['Pēteris Ozols', 'Zane Kalniņa']) await orderAsUser(request, token, name, false);
  await page.goto('/my-orders');
  const table = page.getByRole('region', { name: 'My orders' });
  await expect(table.getByText('Zane Kalniņa').first()).toBeVisible();
  await page.getByTestId('orders-search').fill('ozo');
  await expect(table.getByText('Zane Kalniņa')).toHaveCount(0);
  await expect(table.getByText('Pēteris Ozols').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(await table.evaluate((region) => region.scrollWidth > region.clientWidth)).toBe(true);
  await expectNoAxeViolations(page);
});
