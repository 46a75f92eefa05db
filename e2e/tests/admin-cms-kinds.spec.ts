import type { Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, giveConsent, signInWithPassword, test } from './fixtures';

// Issue 14 item 8: the footer and the home page's news are CMS blocks. A content editor changes the
// footer's support column in Latvian and a visitor's footer shows it; a news block added in the
// editor appears on the home page. The back office's grouped navigation leads there.

test.beforeEach(async ({ page }) => {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
});

async function visitorPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await giveConsent(context, baseURL);
  return context.newPage();
}

test('a content editor changes the footer in Latvian and the public footer shows it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const authorization = await signInWithPassword(page, 'editor@example.com', '/?locale=en');
  const original = await (
    await page.request.get('/api/admin/cms_blocks/footer-support', { headers: { authorization } })
  ).json();
  const sentence = `Zvaniet 67008001 ${Date.now().toString(36)}`;
  try {
    await page.goto('/admin');
    const sections = page.getByRole('navigation', { name: 'Back office sections' });
    await expect(sections.getByRole('heading', { name: 'Content', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await sections.getByRole('link', { name: 'Footer', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Content blocks');
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toBeVisible();
    await expect(page.getByTestId('cms-table').getByRole('link', { name: 'terms', exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByTestId('cms-table').getByRole('link', { name: 'footer-support', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit content block “footer-support”');
    await page.getByLabel('Text in Latvian (Markdown)').fill(`- Pirmdiena–piektdiena: 8:00–19:00\n\n${sentence}`);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Content block “footer-support” saved.')).toBeVisible();

    const visitor = await visitorPage(browser, baseURL ?? '');
    await visitor.goto('/?locale=lv');
    await expect(visitor.locator('footer').getByTestId('footer-support')).toContainText(sentence);
    await expectNoAxeViolations(visitor, ['footer']);
    await visitor.goto('/?locale=en');
    await expect(visitor.locator('footer').getByTestId('footer-support')).toContainText('Monday–Friday');
    await expect(visitor.locator('footer')).not.toContainText(sentence);
    await visitor.context().close();
  } finally {
    const restored = await page.request.put('/api/admin/cms_blocks/footer-support', {
      headers: { authorization },
      data: { titleEn: original.titleEn, titleLv: original.titleLv, bodyEn: original.bodyEn, bodyLv: original.bodyLv },
    });
    expect(restored.status()).toBe(200);
  }
});

test('a news item added in the CMS appears on the home page', async ({ page, browser, baseURL }) => {
  test.slow();
  const authorization = await signInWithPassword(page, 'editor@example.com', '/?locale=en');
  const key = `news-e2e-${Date.now().toString(36)}`;
  const title = `New parcel lockers ${key.slice(9)}`;
  try {
    await page.goto('/admin/cms?kind=news');
    await page.getByRole('link', { name: 'New content block' }).click();
    await page.getByLabel('Key').fill(key);
    await expect(page.getByRole('radio', { name: 'News' })).toBeChecked();
    await page.getByLabel('Title in English').fill(title);
    await page.getByLabel('Title in Latvian').fill(`Jauni pakomāti ${key.slice(9)}`);
    await page.getByLabel('Text in English (Markdown)').fill('Two **new** parcel lockers in Valmiera.');
    await page.getByLabel('Text in Latvian (Markdown)').fill('Divi **jauni** pakomāti Valmierā.');
    await page.getByLabel('Link').fill('/postal-network');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(`Content block “${key}” saved.`)).toBeVisible();

    const visitor = await visitorPage(browser, baseURL ?? '');
    await visitor.goto('/?locale=en');
    const card = visitor.getByTestId('news-card').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.locator('strong', { hasText: 'new' })).toBeVisible();
    await expect(visitor.getByTestId('advert-card').first()).toBeVisible();
    await expectNoAxeViolations(visitor);
    await visitor.context().close();
  } finally {
    // Switched off, so the other specs' home page shows the seeded news.
    const off = await page.request.put(`/api/admin/cms_blocks/${key}`, {
      headers: { authorization },
      data: { titleEn: title, titleLv: 'x', bodyEn: 'x', bodyLv: 'x', active: false },
    });
    expect([200, 201]).toContain(off.status());
  }
});
