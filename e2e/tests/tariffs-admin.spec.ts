import { choose, expect, expectNoAxeViolations, test } from './fixtures';

// The back office's tariff list (issue 21): an administrator sees which rows are still indicative.

// Forty-one products' tables: the axe scan of the whole list takes a while on a busy machine.
test.describe.configure({ timeout: 120_000 });

test('an administrator sees every product’s tariff rows and which are still indicative, in English and Latvian', async ({
  page,
}) => {
  // A login-required route: the visitor signs in first and comes back (routes.spec.ts).
  await page.goto('/admin/tariffs');
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByLabel('E-mail', { exact: true }).fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/tariffs$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tariffs');

  // The plain Latvian letter: the published 20 g figure and the indicative steps above it.
  const letters = page.getByRole('region', { name: 'Plain letter, Latvia' });
  await expect(letters).toContainText('6 indicative figures in force');
  await expect(letters.getByRole('row', { name: /^20 g 2,35 €/ })).toContainText('Published');
  await expect(letters.getByRole('row', { name: /^50 g 2,53 €/ })).toContainText('Indicative');

  await choose(page.getByRole('checkbox', { name: 'Only products still priced on indicative figures' }));
  await expect(page.getByRole('region', { name: 'Parcel locker S, Latvia' })).toContainText('Indicative');
  await expectNoAxeViolations(page);

  await page.getByTestId('language-switch').getByText('LV').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tarifi');
  await expect(page.getByRole('region', { name: 'Vienkāršā vēstule, Latvija' })).toContainText(
    '6 spēkā esoši orientējoši skaitļi',
  );
});
