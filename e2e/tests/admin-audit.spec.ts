import { expect, expectNoAxeViolations, signInWithPassword, test } from './fixtures';

// Back-office roles and the audit trail (issue 14): an administrator finds their edit of a
// service location in the audit trail; a content editor sees no tariffs section and is refused
// at /admin/tariffs, in English and Latvian.

test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
});

test('an administrator sees the audit row of their edit of a service location', async ({ page }) => {
  test.slow();
  const name = `E2E audit office ${Date.now().toString(36)}`;
  const authorization = await signInWithPassword(page, 'admin@example.com');
  const created = await page.request.post('/api/admin/service_locations', {
    headers: { authorization },
    data: {
      countryCode: 'LV',
      type: 'postOffice',
      operator: 'Latvijas Pasts',
      name,
      address: 'Testa iela 3, Rīga',
      city: 'Rīga',
      postCode: 'LV-1050',
      latitude: 56.95,
      longitude: 24.1,
      openingHours: null,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();

  await page.goto(`/admin/locations/edit/${id}`);
  await page.getByLabel('Name').fill(`${name} (edited)`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${name} (edited) was saved.`)).toBeVisible();

  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Back office sections' })
    .getByRole('link', { name: 'Audit trail' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit trail');
  await page.getByLabel('Entity id').fill(id);
  const rows = page.getByTestId('audit-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(`PUT /api/admin/service_locations/${id}`);
  await expect(rows.first()).toContainText(`service_location ${id}`);
  await rows.first().getByText('Before and after').click();
  await expect(rows.first()).toContainText(`"name": "${name} (edited)"`);
  await expect(rows.nth(1)).toContainText('POST /api/admin/service_locations');
  // A date that is not DD.MM.YYYY is refused beside its field.
  await page.getByLabel('From').fill('2026-01-01');
  await expect(page.getByText('Enter a date as DD.MM.YYYY.')).toBeVisible();
  await page.getByLabel('From').fill('01.01.2026');
  await expect(rows).toHaveCount(2);
  await expectNoAxeViolations(page);

  await page.getByTestId('language-switch').getByText('LV').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Izmaiņu žurnāls');
  await expect(page.getByLabel('Objekta identifikators')).toHaveValue(id);
  await expect(rows).toHaveCount(2);
  await expectNoAxeViolations(page);

  // Retired again, so the map of the other specs is as they expect it.
  const retired = await page.request.post(`/api/admin/service_locations/${id}/retire`, {
    headers: { authorization },
    data: {},
  });
  expect(retired.status()).toBe(200);
});

test('a content editor has no tariffs section and is refused at /admin/tariffs', async ({ page }) => {
  const authorization = await signInWithPassword(page, 'editor@example.com');
  expect((await page.request.get('/api/admin/tariffs', { headers: { authorization } })).status()).toBe(403);
  expect((await page.request.get('/api/admin/cms_blocks', { headers: { authorization } })).status()).toBe(200);

  await page.goto('/admin');
  const sections = page.getByRole('navigation', { name: 'Back office sections' });
  await expect(sections.getByRole('link', { name: 'Content blocks' })).toBeVisible();
  await expect(sections.getByRole('link', { name: 'Tariffs' })).toHaveCount(0);
  await expect(sections.getByRole('link', { name: 'Audit trail' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto('/admin/tariffs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access denied');
  await expectNoAxeViolations(page);
  await page.getByTestId('language-switch').getByText('LV').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Piekļuve liegta');
  await expectNoAxeViolations(page);

  await page.goto('/admin');
  await expect(page.getByRole('navigation', { name: 'Administrēšanas sadaļas' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Administrēšanas sadaļas' }).getByRole('link', { name: 'Tarifi' }),
  ).toHaveCount(0);
});
