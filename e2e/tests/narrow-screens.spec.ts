import type { Page } from '@playwright/test';
import { LOGIN_REQUIRED, ROUTES } from '../support/spec-routes';
import { expect, test, waitForQuietNetwork } from './fixtures';

// Issue 40 item 7: no text cut and no page wider than the screen at 390 px, in Latvian (the longer
// language), on every SPEC route: as a visitor on the public pages, as the demo administrator on
// the others. A text is cut where an element clips what it holds (overflow hidden or clip, or an
// ellipsis) and what it holds is wider than the element.

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 180_000 });

/** The problems of the page shown: its sideways scroll, and each cut text (tag, class, text). */
async function narrowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const sideways = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    if (sideways > 0) problems.push(`the page scrolls ${sideways} px sideways`);
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (element.closest('.leaflet-container, [aria-hidden="true"], input, textarea, select')) continue;
      const style = getComputedStyle(element);
      const clips =
        ['hidden', 'clip'].includes(style.overflowX) ||
        style.textOverflow === 'ellipsis' ||
        style.overflow === 'hidden';
      // Visually hidden texts (for screen readers) are 1 px wide by design.
      if (!clips || element.clientWidth <= 2 || style.visibility === 'hidden' || element.offsetParent === null)
        continue;
      const text = (element.textContent ?? '').trim();
      if (!text) continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        problems.push(`${element.tagName.toLowerCase()}.${element.className}: "${text.slice(0, 60)}" is cut`);
      }
    }
    return problems;
  });
}

async function visit(page: Page, path: string) {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}locale=lv`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForQuietNetwork(page);
}

test('the public pages in Latvian at 390 px: nothing cut, nothing wider than the screen', async ({ page }) => {
  const found: Record<string, string[]> = {};
  for (const [path] of ROUTES.filter(([path]) => !LOGIN_REQUIRED.test(path))) {
    await visit(page, path);
    const problems = await narrowProblems(page);
    if (problems.length) found[path] = problems;
  }
  expect(found).toEqual({});
});

test('the signed-in pages in Latvian at 390 px: nothing cut, nothing wider than the screen', async ({ page }) => {
  await page.goto('/user/profile?locale=lv');
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.locator('#smartid-code').fill('030375-10003');
  await page
    .locator('form')
    .filter({ has: page.locator('#smartid-code') })
    .getByRole('button')
    .first()
    .click();
  await page.getByRole('button', { name: /Smart-ID/ }).click();
  await expect(page).toHaveURL(/\/user\/profile/);
  const found: Record<string, string[]> = {};
  for (const [path] of ROUTES.filter(([path]) => LOGIN_REQUIRED.test(path))) {
    await visit(page, path);
    const problems = await narrowProblems(page);
    if (problems.length) found[path] = problems;
  }
  expect(found).toEqual({});
});
