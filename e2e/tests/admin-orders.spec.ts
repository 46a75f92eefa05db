import { expect, expectNoAxeViolations, signInWithPassword, test } from './fixtures';
import { accessToken, orderAsUser, signInWithSmartId } from './signed-in-orders';

// Issue 14 items 3 and 10: an administrator finds a client's paid order by its shipment number,
// corrects an unpaid one and cancels it with a reason (seen in the audit trail), and opens the reports: a chart
// loaded on demand, the figures per status, and the XLSX download.

test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
});

test('an administrator finds, corrects, cancels and creates client orders, then reads the reports', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // The client orders in their own browser: one paid, one left unpaid.
  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await signInWithSmartId(clientPage, '010190-10001');
  const token = await accessToken(clientPage);
  // Receiver names take letters only: the time in base 36 with its digits as letters.
  const tag = Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x');
  const paid = await orderAsUser(request, token, `Saņēmējs Paid${tag}`, true);
  const unpaid = await orderAsUser(request, token, `Saņēmējs Unpaid${tag}`, false);
  const me = await (await request.get('/api/my-user', { headers: { authorization: `Bearer ${token}` } })).json();
  const clientAccount = String(me.userAccounts[0].account['@id']).split('/').pop() ?? '';
  await clientContext.close();
  expect(paid.number).toMatch(/^[A-Z]{2}\d{9}LV$/);

  await signInWithPassword(page, 'admin@example.com');
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Back office sections' })
    .getByRole('link', { name: 'Orders', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orders');
  await page.getByLabel('Shipment number').fill(paid.number ?? '');
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(paid.number ?? '');
  await expect(rows.first()).toContainText('Paid');
  await expectNoAxeViolations(page);
  await rows.first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order');
  await expect(page.getByTestId('order-lines')).toContainText(`Saņēmējs Paid${tag}`);
  await expect(page.getByText('A paid order cannot be cancelled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  // The agent corrects the unpaid order's weight for the client, then cancels it.
  await page.goto(`/admin/orders/show/${unpaid.key}`);
  await expect(page.getByTestId('order-status')).toHaveText('Unpaid');
  await page.getByRole('link', { name: 'Edit the order' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit order');
  await expect(page.getByLabel('Weight, g')).toHaveValue('1000');
  await expectNoAxeViolations(page);
  await page.getByLabel('Weight, g').fill('2500');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order');
  await expect(page.getByTestId('order-lines')).toContainText('2,5 kg');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Give the reason for cancelling.')).toBeVisible();
  await page.getByLabel('Reason for cancelling').fill(`Client called ${tag}`);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByTestId('order-cancellation')).toContainText(`Reason: Client called ${tag}`);
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  await expectNoAxeViolations(page);

  await page.goto(`/admin/audit?entityId=${unpaid.key}`);
  // Newest first: the cancellation, then the edit.
  await expect(page.getByTestId('audit-row')).toHaveCount(2);
  await expect(page.getByTestId('audit-row').first()).toContainText(`POST /api/admin/orders/${unpaid.key}/cancel`);
  await expect(page.getByTestId('audit-row').nth(1)).toContainText(`PUT /api/admin/orders/${unpaid.key}`);

  // A new order started for the client lands in their account as an unpaid draft.
  await page.goto('/admin/orders');
  await page.getByRole('link', { name: 'New order for a client' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New order');
  await page.getByLabel(/^Client account number/).fill(clientAccount);
  await page.getByRole('combobox', { name: 'Product' }).click();
  await page.getByRole('option').first().click();
  await page.getByLabel(/^Weight, g/).fill('800');
  await page.getByLabel("Receiver's name").fill(`Saņēmējs Agent${tag}`);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save the order for the client' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order');
  await expect(page.getByTestId('order-status')).toHaveText('Unpaid');
  await expect(page.getByTestId('order-lines')).toContainText(`Saņēmējs Agent${tag}`);
  const mine = await request.get(`/api/orders?search=${encodeURIComponent(`Agent${tag}`)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await mine.json())['hydra:totalItems']).toBe(1);

  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Back office sections' })
    .getByRole('link', { name: 'Reports', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reports');
  // The chart's code arrives with this page (React.lazy), and draws an SVG.
  await expect(page.locator('.recharts-wrapper svg').first()).toBeVisible();
  await expect(page.getByTestId('report-row')).toHaveCount(30);
  // Mantine's segmented control hides its radios under their labels: the label is what a user clicks.
  await page.getByRole('radiogroup', { name: 'Group by' }).getByText('Status', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Status' })).toBeChecked();
  await expect(page.getByTestId('report-table')).toContainText('Paid');
  await expect(page.getByTestId('report-table')).toContainText('Status');
  await expectNoAxeViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download XLSX' }).click();
  expect((await download).suggestedFilename()).toBe('orders-report-status.xlsx');
});
