import { choose, expect, test } from './fixtures';
import { accessToken, signInWithSmartId } from './signed-in-orders';

// Issue 40 item 2: the picker of a Latvian locker product lists only the places the product can
// use (Latvijas Pasts lockers; none that is pick-up only for the hand-over), says why, shows the
// street address; the API refuses a DPD locker at the field.

test('the pickers of a Latvian locker product offer only Latvijas Pasts lockers and say why', async ({ page }) => {
  await page.goto('/orders/parcel?country=LV&weight=2000');
  const product = page.getByRole('radio', { name: /Parcel locker S, Latvia/ });
  await expect(product).toBeEnabled({ timeout: 15_000 });
  await choose(product);

  // Where the receiver collects: the product's own network only, in Latvia.
  const receiver = page.getByTestId('location-receiver').getByTestId('location-picker');
  await expect(receiver).toBeVisible({ timeout: 15_000 });
  await expect(receiver.getByTestId('picker-note')).toHaveText(
    'Only Latvijas Pasts parcel lockers are shown: this product is delivered only there.',
  );
  await receiver.getByLabel('Search by name, address, city or post code').fill('Rīga');
  const results = receiver.getByTestId('location-results').getByRole('listitem');
  await expect(results.first()).toBeVisible();
  // Every place listed is a Latvijas Pasts locker, with its street address (Dzelzavas iela 86, …).
  for (const item of await results.all()) await expect(item).toContainText('Latvijas Pasts');
  await expect(receiver.getByTestId('location-results')).not.toContainText(/DPD|Omniva|Unisend ·|Venipak|Udrop/);
  await expect(receiver.getByTestId('location-results')).toContainText(/iela \d+/);

  // Where the sender hands over: optional, and no pick-up-only locker is offered.
  await page.getByTestId('choose-location-transfer').click();
  const transfer = page.getByTestId('location-transfer').getByTestId('location-picker');
  await expect(transfer.getByRole('heading', { name: 'Choose where you hand the parcel over' })).toBeVisible();
  await expect(transfer.getByTestId('picker-note')).toContainText(
    'Only Latvijas Pasts parcel lockers that accept parcels are shown',
  );
  await transfer.getByLabel('Search by name, address, city or post code').fill('Rīga');
  await expect(transfer.getByTestId('search-count')).toHaveText('0 places found');
});

test('the API refuses a DPD locker for a Latvian locker product at the location field', async ({ page }) => {
  // A Smart-ID user (identity verified: no bot check), as the other API-driven specs sign in.
  await signInWithSmartId(page, '010190-10001');
  const authorization = `Bearer ${await accessToken(page)}`;
  const workflows = await page.request.get(
    '/api/public/work_flows?country.code=LV&shipmentType=parcel&transferType=parcelMachine&receivingType=parcelMachine',
  );
  const workflow = (await workflows.json())['hydra:member'][0];
  expect(workflow.receivingNetworks).toEqual(['Latvijas Pasts']);
  const order = (receiving: string) => ({
    step: 1,
    orderLines: [
      {
        workFlow: workflow['@id'],
        attributes: { weight: 1000, countryCode: 'LV', transferType: 'parcelMachine', receivingType: 'parcelMachine' },
        receiver: { address: { countryCode: 'LV', serviceLocationId: receiving } },
      },
    ],
  });
  const refused = await page.request.post('/api/orders/validate', {
    headers: { authorization },
    data: order('dpd-LV90307'),
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).violations).toContainEqual(
    expect.objectContaining({
      propertyPath: 'orderLines[0].receiver.address.serviceLocationId',
      code: 'LOCATION_WRONG_NETWORK',
    }),
  );
  // A Latvijas Pasts locker (pick-up only, which a delivery may use) passes the same check.
  const accepted = await page.request.post('/api/orders/validate', {
    headers: { authorization },
    data: order('unisend-8200'),
  });
  expect(accepted.status()).toBe(200);
});
