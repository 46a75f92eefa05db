import type { Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, giveConsent, signInAsCompanyUser, signInWithPassword, test } from './fixtures';

// The back office's content and complaints (issue 14 items 7 and 8): a content editor changes the
// terms page in Latvian and the public page shows it (HTML in the text is refused beside the
// field); a customer-service user answers a complaint from the queue and the complainant sees the
// answer in the portal.

test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
});

/** A second person's browser (its own cookies and session), the consent banner answered as for the test's page. */
async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await giveConsent(context, baseURL);
  const page = await context.newPage();
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
  return page;
}

test('a content editor changes the terms page in Latvian and the public page shows it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const authorization = await signInWithPassword(page, 'editor@example.com', '/?locale=en');
  const original = await (await page.request.get('/api/admin/cms_blocks/terms', { headers: { authorization } })).json();
  const sentence = `Jauns noteikumu punkts ${Date.now().toString(36)}.`;
  try {
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Back office sections' })
      .getByRole('link', { name: 'Content blocks' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Content blocks');
    await expectNoAxeViolations(page);
    await page.getByTestId('cms-table').getByRole('link', { name: 'terms', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit content block “terms”');

    const latvian = page.getByLabel('Text in Latvian (Markdown)');
    await expect(latvian).toHaveValue(original.bodyLv);
    // HTML in a block is refused beside its field, and nothing is saved.
    await latvian.fill(`${original.bodyLv}\n\n<script>window.hacked = true</script>`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      page.getByText('Write the text in Markdown: HTML tags (such as <script>) are not allowed.'),
    ).toBeVisible();

    await latvian.fill(`${original.bodyLv}\n\n**${sentence}**`);
    await page.getByRole('button', { name: 'Preview the Latvian text' }).click();
    await expect(page.getByTestId('cms-preview-lv').locator('strong', { hasText: sentence })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Content block “terms” saved.')).toBeVisible();

    // The public page, for a visitor in Latvian: the new sentence, bold; in English: unchanged.
    const visitor = await newPage(browser, baseURL ?? '');
    await visitor.goto('/terms?locale=lv');
    await expect(visitor.getByTestId('cms-content').locator('strong', { hasText: sentence })).toBeVisible();
    await visitor.goto('/terms?locale=en');
    await expect(visitor.getByTestId('cms-content')).toBeVisible();
    await expect(visitor.getByTestId('cms-content')).not.toContainText(sentence);
    expect(await visitor.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
    await visitor.context().close();
  } finally {
    // The other specs read the terms page: its text goes back as it was.
    const restored = await page.request.put('/api/admin/cms_blocks/terms', {
      headers: { authorization },
      data: { titleEn: original.titleEn, titleLv: original.titleLv, bodyEn: original.bodyEn, bodyLv: original.bodyLv },
    });
    expect(restored.status()).toBe(200);
  }
});

test('a customer-service user answers a complaint and the complainant sees the answer', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  // The complainant files a complaint (signed in, so the answer shows in their profile too).
  const myUser = page.waitForRequest((request) => request.url().endsWith('/api/my-user'));
  await signInAsCompanyUser(page);
  const complainant = (await myUser).headers().authorization ?? '';
  const description = `The parcel to Cēsis has not arrived (${Date.now().toString(36)}).`;
  const filed = await page.request.post('/api/complaints', {
    headers: { authorization: complainant },
    data: {
      type: 'shipment_delivery',
      problemType: 'delayed_delivery',
      complainant: 'sender',
      damageType: 'other',
      fullName: 'Jānis Ozols',
      email: 'janis@example.com',
      description,
      shipmentValue: '45.50',
      refundIban: 'LV80 BANK 0000 4351 9500 1',
    },
  });
  expect(filed.status()).toBe(201);
  const { submissionNumber } = await filed.json();

  // Customer service, in its own browser: the queue, the complaint, the refund decision, the answer.
  const agent = await newPage(browser, baseURL ?? '');
  await signInWithPassword(agent, 'service@example.com', '/?locale=en');
  await agent.goto('/admin');
  const sections = agent.getByRole('navigation', { name: 'Back office sections' });
  await expect(sections.getByRole('link', { name: 'Content blocks' })).toHaveCount(0);
  await sections.getByRole('link', { name: 'Complaints' }).click();
  await expect(agent.getByRole('heading', { level: 1 })).toHaveText('Complaints');
  await agent.getByLabel('Search').fill(submissionNumber);
  const rows = agent.getByTestId('complaint-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('New');
  await expectNoAxeViolations(agent);
  await rows.first().getByRole('link', { name: submissionNumber }).click();
  await expect(agent.getByRole('heading', { level: 1 })).toHaveText(`Complaint ${submissionNumber}`);
  await expect(agent.getByText(description)).toBeVisible();
  // The radio shows the stored decision: it turns once the API has kept the change.
  await agent.getByRole('radio', { name: 'Refund granted' }).click();
  await expect(agent.getByRole('radio', { name: 'Refund granted' })).toBeChecked();
  await expect(agent.getByTestId('complaint-refund')).toHaveText('Refund: Refund granted');
  await expectNoAxeViolations(agent);

  // A blank answer is refused beside the field; then the answer goes out.
  await agent.getByRole('button', { name: 'Send the answer' }).click();
  await expect(agent.getByText('This value should not be blank.')).toBeVisible();
  const answer = `We are sorry: the parcel was found and the shipping fee is refunded (${submissionNumber}).`;
  await agent.getByLabel('Answer to the complainant').fill(answer);
  await agent.getByRole('button', { name: 'Send the answer' }).click();
  await expect(agent.getByTestId('complaint-answer')).toContainText(answer);
  await expect(agent.getByTestId('complaint-status')).toHaveText('Answered');

  // The queue in Latvian: the complaint is answered.
  await agent.goto(`/admin/complaints?q=${submissionNumber}&locale=lv`);
  await expect(agent.getByRole('heading', { level: 1 })).toHaveText('Sūdzības');
  await expect(agent.getByTestId('complaint-row')).toContainText('Atbildēta');
  await expectNoAxeViolations(agent);
  await agent.context().close();

  // The complainant sees the answer in the portal.
  await page.goto(`/complaint-sent?number=${submissionNumber}&locale=en`);
  const item = page.getByTestId('complaint-item').filter({ hasText: submissionNumber });
  await expect(item.getByTestId('complaint-answer')).toContainText(answer);
});

test('an administrator adds one of the post’s days off and clears the location cache', async ({ page }) => {
  test.slow();
  const authorization = await signInWithPassword(page, 'admin@example.com', '/?locale=en');
  // A weekday early in March of next year: no Latvian public holiday falls then, and no other spec
  // books a pick-up that far ahead.
  const year = new Date().getUTCFullYear() + 1;
  let day = new Date(Date.UTC(year, 2, 2));
  while ([0, 6].includes(day.getUTCDay())) day = new Date(day.getTime() + 86_400_000);
  const iso = day.toISOString().slice(0, 10);
  const display = `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${year}`;
  try {
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Back office sections' })
      .getByRole('link', { name: 'Working days calendar' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Working days calendar');
    await page.getByRole('button', { name: `Next year (${year})` }).click();
    await expect(page.getByTestId('calendar-year')).toHaveText(String(year));
    await expect(page.getByTestId('calendar-day').filter({ hasText: `24.12.${year}` })).toContainText('Public holiday');

    await page.getByRole('textbox', { name: 'Date', exact: true }).fill(`24.12.${year}`);
    await page.getByLabel('Reason in English').fill('Bridge day');
    await page.getByLabel('Reason in Latvian').fill('Pārceltā darba diena');
    await page.getByRole('button', { name: 'Add the day off' }).click();
    await expect(page.getByText('This day is already a public holiday.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Date', exact: true }).fill(display);
    await page.getByRole('button', { name: 'Add the day off' }).click();
    await expect(page.getByTestId('calendar-day').filter({ hasText: display })).toContainText("The post's day off");
    await expectNoAxeViolations(page);

    await page.goto('/admin/cache');
    const locations = page.getByTestId('cache-row').filter({ hasText: 'Post offices and parcel lockers' });
    await locations.getByRole('button', { name: 'Clear: Post offices and parcel lockers' }).click();
    await expect(page.getByText('Post offices and parcel lockers: the cache is cleared.')).toBeVisible();
    await expect(locations).toContainText(/\d{2}\.\d{2}\.\d{4}/);
    await expectNoAxeViolations(page);
  } finally {
    // The day off goes again, so that the shared database is as the other specs expect it.
    await page.request.delete(`/api/admin/calendar/days_off/${iso}`, { headers: { authorization } });
  }
});
