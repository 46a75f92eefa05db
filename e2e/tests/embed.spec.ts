import { expect, test } from './fixtures';

// The calculator as a single-spa parcel in a plain HTML page (infra/embed/calculator.html): the
// page has no React of its own; the loader brings the federation runtime and single-spa.

test('the demo page embeds the calculator and prices a product through the public API', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/embed/calculator.html');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Send with us');
  const host = page.getByTestId('embed-host');
  await expect(host.getByRole('heading', { level: 2 })).toHaveText('Price calculator');
  // The page itself carries no React: only the loader script and its inline mount call.
  expect(await page.evaluate(() => [...document.scripts].map((script) => script.src).filter(Boolean))).toEqual([
    expect.stringMatching(/\/embed\/dist\/calculator-embed\.js$/),
  ]);

  await host.getByRole('combobox', { name: 'Destination countries' }).fill('Latv');
  await page.getByRole('option', { name: 'Latvia', exact: true }).click();
  await host.getByRole('textbox', { name: 'Weight, kg' }).fill('1');
  const answer = page.waitForResponse('**/api/public/prices/by_country');
  await host.getByRole('button', { name: 'Calculate' }).click();
  expect((await answer).status()).toBe(200);
  const row = host.getByRole('row', { name: /Parcel, post office to post office, Latvia/ });
  await expect(row.getByTestId('price')).toHaveText(/^\d+,\d{2} €$/);
  await page.screenshot({ path: test.info().outputPath('embedded-calculator.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test('the embedding page switches the parcel to Latvian', async ({ page }) => {
  await page.goto('/embed/calculator.html');
  const host = page.getByTestId('embed-host');
  await expect(host.getByRole('heading', { level: 2 })).toHaveText('Price calculator');
  await page.getByRole('button', { name: 'Latviešu' }).click();
  await expect(host.getByRole('heading', { level: 2 })).toHaveText('Cenu kalkulators');
  await expect(host.getByRole('button', { name: 'Aprēķināt' })).toBeVisible();
});
