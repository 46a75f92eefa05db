import { choose, expect, expectNoAxeViolations, signInAsCompanyUser, test } from './fixtures';

// API keys (issue 20 item 2): the demo company's main administrator creates a key on Settings →
// Integrations, sees it once, uses it, and revokes it; the revoked key is refused. Passes axe.

test.describe.configure({ timeout: 90_000 });

test('a company main administrator creates an API key, sees it once, and revokes it', async ({ page, request }) => {
  await signInAsCompanyUser(page);
  await page.goto('/settings/integrations?locale=en');
  const section = page.getByTestId('api-keys');
  await expect(section.getByRole('heading', { name: 'API keys' })).toBeVisible();

  const name = `E2E shop ${Date.now().toString(36)}`;
  const form = section.getByRole('form', { name: 'Create an API key' });
  // The shared rules answer beside the fields before anything is sent.
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(form).toContainText('Give the key a name.');
  await expect(form).toContainText('Choose at least one permission.');

  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await choose(form.getByRole('checkbox', { name: /^Read/ }));
  await choose(form.getByRole('checkbox', { name: /^Ship/ }));
  await form.getByRole('button', { name: 'Create key' }).click();

  const shown = section.getByTestId('new-api-key');
  await expect(shown).toHaveValue(/^lvp_live_[0-9a-f]{16}_/);
  const key = await shown.inputValue();
  await expect(section).toContainText('it is shown only this once');
  await expectNoAxeViolations(page);

  // The key works for the company, with plain HTTP.
  const withKey = { headers: { authorization: `Bearer ${key}` } };
  expect((await request.get('/api/orders', withKey)).status()).toBe(200);

  await section.getByRole('button', { name: 'I have saved it' }).click();
  await expect(section.getByTestId('new-api-key')).toHaveCount(0);
  await expect(section).not.toContainText(key);
  const row = section.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Revoke the key ${name}` }).click();
  const dialog = section.getByRole('alertdialog');
  await expect(dialog).toContainText('Programs that use it will stop working at once');
  await dialog.getByRole('button', { name: 'Revoke the key' }).click();
  await expect(row).toContainText('Revoked');

  const refused = await request.get('/api/orders', withKey);
  expect(refused.status()).toBe(401);
  expect((await refused.json()).violations[0].code).toBe('API_KEY_REVOKED');

  await page.goto('/settings/integrations?locale=lv');
  await expect(page.getByTestId('api-keys').getByRole('heading', { name: 'API atslēgas' })).toBeVisible();
  await expectNoAxeViolations(page);
});
