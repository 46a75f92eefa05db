import { expect, expectNoAxeViolations, signInWithPassword, test } from './fixtures';

// The back office's post offices and parcel lockers (issue 21): an administrator adds one and
// edits it, it appears on the map; an ordinary user is refused by the admin API.

test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
});

test('an ordinary user is refused by the admin API', async ({ page }) => {
  const authorization = await signInWithPassword(page, 'anna@example.com');
  expect(authorization).toMatch(/^Bearer /);
  const list = await page.request.get('/api/admin/service_locations', { headers: { authorization } });
  expect(list.status()).toBe(403);
  const create = await page.request.post('/api/admin/service_locations', {
    headers: { authorization },
    data: { name: 'Not allowed' },
  });
  expect(create.status()).toBe(403);
  expect((await create.json())['hydra:description']).toBe('Access Denied.');
  expect((await page.request.get('/api/admin/service_locations')).status()).toBe(401);
});

test('an administrator adds and edits a post office, and it appears on the map', async ({ page }) => {
  // A whole back-office journey with four accessibility scans: longer than one page's test.
  test.slow();
  const unique = Date.now().toString(36);
  const name = `E2E pasta nodaļa ${unique}`;
  const authorization = await signInWithPassword(page, 'admin@example.com');
  expect((await page.request.get('/api/admin/service_locations', { headers: { authorization } })).status()).toBe(200);

  await page.goto('/admin');
  await expect(page.getByRole('navigation', { name: 'Back office sections' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .getByRole('navigation', { name: 'Back office sections' })
    .getByRole('link', { name: 'Post offices and parcel lockers' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post offices and parcel lockers');
  await page.getByLabel('Search by name, address, city or post code').fill('Baldones pasta');
  await expect(page.getByTestId('locations-table')).toContainText(
    'Baldones Pasta nodaļa (Latvijas pasts - tikai izņemšana)',
  );
  await expect(page.getByTestId('locations-table')).toContainText('Post office');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Add a place' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New post office or parcel locker');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Address').fill('Testa iela 1, Rīga');
  await page.getByLabel('City or locality').fill('Rīga');
  await page.getByLabel('Post code').fill('1050');
  await page.getByLabel('Latitude').fill('56,9496');
  await page.getByLabel('Longitude').fill('10');
  await page.getByRole('button', { name: 'Add the place' }).click();
  // The API's violations show beside their fields.
  await expect(
    page.getByText('This value should be a post code of the country: LV-1234, LT-12345 or 12345 (Estonia).'),
  ).toBeVisible();
  await expect(page.getByText('This place should lie in Latvia, Lithuania or Estonia.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Post code').fill('LV-1050');
  await page.getByLabel('Longitude').fill('24.1052');
  await page.getByLabel('Opening hours').fill('P.-Pk. 8:00-18:00');
  await page.getByRole('button', { name: 'Add the place' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit post office or parcel locker');
  await expect(page).toHaveURL(/\/admin\/locations\/edit\/admin-[0-9a-f]{16}$/);
  const id = page.url().split('/').at(-1) ?? '';

  await page.getByLabel('Name').fill(`${name} (edited)`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${name} (edited) was saved.`)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/postal-network');
  await expect(page.getByTestId('network-map')).toHaveAttribute('data-drawn', /^[1-9]/, { timeout: 15_000 });
  await page.getByText('Post offices', { exact: true }).click();
  await page.getByLabel('Search by name, address, city or post code').fill(`E2E pasta ${unique}`);
  await page
    .getByTestId('location-results')
    .getByRole('button', { name: new RegExp(`${name} \\(edited\\)`) })
    .click();
  const details = page.getByTestId('location-details');
  await expect(details).toContainText('Post office · Latvijas Pasts');
  await expect(details).toContainText('Testa iela 1, Rīga');
  await expect(page.locator(`.mf-map-point--selected[data-location-id="${id}"]`)).toBeVisible();

  // Retired, it leaves the map (and the shared database as the other specs expect it).
  await page.goto(`/admin/locations/edit/${id}`);
  await page.getByRole('button', { name: 'Retire (take off the map)' }).click();
  await expect(page.getByTestId('location-status')).toHaveText('Retired');
  const markers = await (await page.request.get('/api/public/service_locations/markers')).json();
  expect(markers.markers.some((marker: unknown[]) => marker[0] === id)).toBe(false);
});
