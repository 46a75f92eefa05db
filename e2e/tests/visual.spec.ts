import type { Page } from '@playwright/test';
import { expect, test, waitForQuietNetwork } from './fixtures';

// Screenshots of the main pages at a phone width and a desktop width, compared with the references
// stored beside this file (visual.spec.ts-snapshots/), so that a layout that breaks is seen (issue 21).
// After an intended change of the design, regenerate the references and look at them before committing:
//   npm run build && npx playwright test -c e2e/playwright.config.ts visual --update-snapshots=all
// Stable by construction: no outside requests (map tiles fall back to the shipped outlines and are
// masked anyway), animations off, caret hidden, fonts loaded, every remote area settled, dates masked.

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** Each page with what shows that its remote (if any) has rendered. */
const PAGES: { name: string; path: string; ready: (page: Page) => ReturnType<Page['getByTestId']> }[] = [
  { name: 'home', path: '/', ready: (page) => page.getByTestId('tracking-card') },
  { name: 'track', path: '/track', ready: (page) => page.getByRole('textbox').first() },
  { name: 'calculator', path: '/tariff-calculator', ready: (page) => page.getByTestId('tariff-calculator') },
  { name: 'postal-network', path: '/postal-network', ready: (page) => page.getByTestId('network-explorer') },
  { name: 'order-parcel', path: '/orders/parcel', ready: (page) => page.getByTestId('order-sidebar') },
  { name: 'components', path: '/components', ready: (page) => page.getByTestId('guide-summary') },
  { name: 'faq', path: '/faq', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { name: 'terms', path: '/terms', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { name: 'not-found', path: '/no/such/page', ready: (page) => page.getByTestId('not-found') },
];

/** Waits until nothing on the page is still arriving: requests, fonts, images, loaders. */
async function settle(page: Page) {
  await waitForQuietNetwork(page);
  await page.evaluate(async () => {
    await document.fonts.ready;
    // An image ends loaded or broken: a map tile whose request the test aborted fires 'error', never
    // 'load' (waiting only for 'load' hung the postal-network page until the test's timeout in CI).
    await Promise.all(
      Array.from(document.images, (image) =>
        image.complete
          ? null
          : new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
            }),
      ),
    );
  });
  // Page loaders only: the style guide shows a button in its loading state on purpose.
  await expect(page.locator('main .mantine-Loader-root:not(button *):visible')).toHaveCount(0);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const entry of PAGES) {
      test(`${entry.name} looks as designed`, async ({ page }) => {
        // Only the portal itself: map tiles and anything else from outside would make pictures vary.
        await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) => route.abort());
        await page.goto(entry.path);
        await expect(entry.ready(page)).toBeVisible();
        await settle(page);
        // No page may scroll sideways at any width (SPEC §9 breakpoints; issue 21: checked at 390 px).
        const sideways = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(sideways).toBe(0);
        await expect(page).toHaveScreenshot(`${entry.name}-${viewport.name}.png`, {
          fullPage: true,
          animations: 'disabled',
          caret: 'hide',
          mask: [page.locator('.leaflet-container'), page.locator('time')],
          maxDiffPixelRatio: 0.01,
        });
      });
    }
  });
}
