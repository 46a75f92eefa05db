import { expect, expectNoAxeViolations, test } from './fixtures';
import { accessToken, signInWithSmartId } from './signed-in-orders';

// Issue 13 item 7: the information pages read their CMS blocks at run time in the visitor's
// language, and an administrator's change shows without a release.

test('the terms page reads its text in English and in Latvian, axe-clean in both', async ({ page }) => {
  await page.goto('/terms?locale=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of use');
  const content = page.getByTestId('cms-content');
  await expect(content.getByRole('heading', { level: 2, name: 'What the portal offers' })).toBeVisible();
  await expect(content).toContainText('State Joint-Stock Company "Latvijas Pasts"');
  await expectNoAxeViolations(page, ['main']);

  await page.getByTestId('language-switch').getByText('LV').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lietošanas noteikumi');
  await expect(content.getByRole('heading', { level: 2, name: 'Ko piedāvā portāls' })).toBeVisible();
  await expect(page).toHaveTitle(/^Lietošanas noteikumi \|/);
  await expectNoAxeViolations(page, ['main']);

  // A link to another information page stays in the application.
  await content.getByRole('link', { name: 'privātuma politiku' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privātuma politika');
  await expect(page.getByTestId('cms-content').getByRole('table')).toBeVisible();
});

test('every information page shows its text, and the footer leads to each', async ({ page }) => {
  await page.goto('/?locale=en');
  const footer = page.getByRole('navigation', { name: 'Information' });
  for (const [link, heading, section] of [
    ['Privacy policy', 'Privacy policy', 'Your rights'],
    ['Cookie policy', 'Cookie policy', 'Necessary cookies'],
    ['Accessibility statement', 'Accessibility statement', 'Known limitations'],
    ['Prohibitions and restrictions', 'Prohibitions and restrictions', 'Never accepted'],
    ['Delivery deadlines', 'Delivery times', 'How long items wait for the recipient'],
  ] as const) {
    await footer.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  await expectNoAxeViolations(page, ['main']);
});

test('an administrator changes a page through the API and visitors see it at once', async ({
  page,
  request,
  browser,
}) => {
  await signInWithSmartId(page, '030375-10003');
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const url = '/api/admin/cms_blocks/prohibitions';
  const original = await (await request.get(url, { headers })).json();
  const changed = {
    titleEn: original.titleEn,
    titleLv: original.titleLv,
    bodyEn: `## Winter notice\n\nLiquids may freeze in transit from ${Date.now()}.\n\n${original.bodyEn}`,
    bodyLv: original.bodyLv,
  };
  try {
    expect((await request.put(url, { headers, data: changed })).status()).toBe(200);
    const visitor = await browser.newPage();
    await visitor.goto('/prohibitions?locale=en');
    await expect(visitor.getByRole('heading', { level: 2, name: 'Winter notice' })).toBeVisible();
    await visitor.close();
    // An ordinary visitor's call to the same route is refused.
    expect((await request.put(url, { data: changed })).status()).toBe(401);
  } finally {
    const { titleEn, titleLv, bodyEn, bodyLv } = original;
    expect((await request.put(url, { headers, data: { titleEn, titleLv, bodyEn, bodyLv } })).status()).toBe(200);
  }
});
