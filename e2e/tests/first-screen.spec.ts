import type { Page } from '@playwright/test';
import { expect, giveConsent, signInWithSmartIdCode, test } from './fixtures';

// Issue 18: the page carries the remotes file and the identity configuration, and asks the
// browser for the route's remote at once (preload), so the first screen waits for no chain of
// requests.

test('the tracking page starts without asking for remotes.json or auth-config.json, its remote preloaded', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/track')).text();
  expect(html).toContain('<script type="application/json" id="portal-boot">');
  expect(html).toContain('<link rel="preload" href="/remotes/mf-tracking/remoteEntry.js" as="script">');
  // The shell loads the remote's entry itself: the manifest is neither preloaded nor asked for.
  expect(html).not.toMatch(/<link rel="preload" href="[^"]*mf-manifest\.json"/);

  const asked: string[] = [];
  page.on('request', (sent) => asked.push(new URL(sent.url()).pathname));
  const unusedPreloads: string[] = [];
  page.on('console', (message) => {
    if (/preloaded using link preload but not used/.test(message.text())) unusedPreloads.push(message.text());
  });
  await page.goto('/track');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Package tracking');
  expect(asked).not.toContain('/remotes.json');
  expect(asked).not.toContain('/auth-config.json');
  // Each preloaded file is asked for once: the runtime took the preloaded answer.
  expect(asked).not.toContain('/remotes/mf-tracking/mf-manifest.json');
  expect(asked.filter((pathname) => pathname === '/remotes/mf-tracking/remoteEntry.js')).toHaveLength(1);
  expect(unusedPreloads).toEqual([]);
});

test('the home page preloads the remotes of its widgets', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('<link rel="preload" href="/remotes/mf-tracking/remoteEntry.js" as="script">');
  expect(html).toContain('<link rel="preload" href="/remotes/mf-order-flow/remoteEntry.js" as="script">');
});

// Issue 18: the gateway renders the first screen (infra/gateway/first-screen.ts) and the browser
// takes its markup over (hydrates) instead of painting the page only once its scripts have run.

test('the home page comes drawn in the visitor’s language, with the stylesheets it is drawn with', async ({
  request,
}) => {
  const html = await (await request.get('/', { headers: { cookie: 'locale=lv' } })).text();
  expect(html).toContain('<html lang="lv" data-mantine-color-scheme="light">');
  expect(html).toMatch(/<div id="root" data-first-screen="lv"[ >]/);
  expect(html).toContain('Sūtiet un izsekojiet vēstules un pakas</h1>');
  expect(html).toMatch(/<link rel="stylesheet" href="\/bootstrap\.[0-9a-f]+\.css">/);
  // The navigation of the remotes, from their descriptions.
  expect(html).toContain('href="/track"');
  // The widgets of the remotes that run in Node too, drawn with their own texts and stylesheets.
  expect(html).toContain('data-remote-areas="mf-order-flow/./HomeOrderCard mf-tracking/./TrackingCard"');
});

test('the sign-in callback comes without markup: the browser draws it once the session is set up', async ({
  request,
}) => {
  // Markup there would stand, its controls dead, while the callback finishes (a click on its
  // language switch was lost).
  const html = await (await request.get('/auth/callback?code=x&state=y')).text();
  expect(html).toContain('<div id="root"></div>');
  expect(html).not.toContain('data-first-screen');
});

test('without its scripts the home page is already readable', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Send and track letters and parcels');
  await expect(page.getByRole('link', { name: 'Open the price calculator' })).toBeVisible();
  await context.close();
});

test('the home page comes with its news and the footer’s columns, so the footer stays where it was drawn', async ({
  page,
}) => {
  // Arriving after the first paint, the news and adverts pushed the footer 290 px down, under a
  // pointer about to click one of its links (information-pages.spec lost that click in CI).
  const asked: string[] = [];
  page.on('request', (sent) => asked.push(new URL(sent.url()).pathname));
  await page.addInitScript(() => {
    const tops: number[] = [];
    (window as { footerTops?: number[] }).footerTops = tops;
    const note = () => {
      const link = document.querySelector('footer a[href="/privacy-policy"]');
      if (link) tops.push(Math.round(link.getBoundingClientRect().top + window.scrollY));
      requestAnimationFrame(note);
    };
    requestAnimationFrame(note);
  });
  await page.goto('/?locale=en');
  await expect(page.getByTestId('news-card')).toHaveCount(3);
  await page.waitForLoadState('networkidle');
  const tops = await page.evaluate(() => (window as { footerTops?: number[] }).footerTops ?? []);
  expect(tops.length).toBeGreaterThan(0);
  expect(new Set(tops).size).toBe(1);
  // The browser started from the answers the page came with: it did not ask for them again.
  expect(asked.filter((path) => /^\/api\/(public\/)?(news|cms_blocks|notification_banner)/.test(path))).toEqual([]);
});

/** Notes the page's first <h1> as the parser creates it, before any script of the page runs. */
async function keepFirstHeading(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      const heading = document.querySelector('h1');
      if (!heading) return;
      (window as { firstHeading?: Element }).firstHeading = heading;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The pages whose remote areas the gateway draws too (their remotes' `firstScreen`), with their heading. */
const DRAWN_PAGES: [path: string, heading: string][] = [
  ['/', 'Send and track letters and parcels'],
  ['/?locale=lv', 'Sūtiet un izsekojiet vēstules un pakas'],
  ['/track', 'Package tracking'],
  ['/track?locale=lv', 'Sūtījumu izsekošana'],
  ['/tariff-calculator', 'Price calculator'],
  ['/orders/parcel', 'Send a parcel'],
  ['/my-orders', 'My orders'],
];

for (const [path, heading] of DRAWN_PAGES) {
  test(`the browser takes over the gateway’s markup of ${path} without drawing it again or an error`, async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await keepFirstHeading(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    // The remotes' widgets or page arrive into the room kept for them.
    await expect(page.locator('[aria-label="…"]')).toHaveCount(0);
    // The heading the parser made is still there: hydrated, not drawn again (on a remote's page,
    // the heading is the remote's own: its area was drawn by the gateway and kept).
    await page.waitForLoadState('networkidle');
    const same = await page.evaluate(
      () => (window as { firstHeading?: Element }).firstHeading === document.querySelector('h1'),
    );
    expect(same).toBe(true);
    expect(errors).toEqual([]);
  });
}

test('a remote’s page comes drawn by the gateway, with its stylesheets, and works once its code has arrived', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/track')).text();
  expect(html).toContain('data-remote-areas="mf-tracking/./App"');
  // The remote's stylesheets for `./App` (its manifest names them: a chunk of their own when they are
  // shared with another expose).
  expect(html).toMatch(/<link rel="stylesheet" href="\/remotes\/mf-tracking\/[\w.-]+\.css">/);
  expect(html).toContain('Package tracking</h1>');
  // No inline script: the page's Content-Security-Policy allows none.
  expect(html).not.toMatch(/<script>/);
  // The remote's build for Node is run by the gateway, never sent.
  expect((await request.get('/remotes/mf-tracking/.server/App.cjs')).status()).toBe(404);

  await page.goto('/track');
  const number = page.getByRole('textbox').first();
  await number.fill('RR123456785LV');
  await number.press('Enter');
  await expect(page).toHaveURL(/RR123456785LV/);
});

/**
 * The tracking remote's scripts arrive two seconds late, as on a slow phone (its stylesheet in time:
 * a stylesheet in the head holds the page's own scripts back too, so it is never late alone).
 */
async function slowTrackingRemote(page: Page) {
  await page.route(/\/remotes\/mf-tracking\/.*\.js$/, async (route) => {
    await new Promise((done) => setTimeout(done, 2_000));
    await route.continue();
  });
}

test('a remote’s area waiting for its code keeps the gateway’s markup while the session becomes known', async ({
  page,
}) => {
  await slowTrackingRemote(page);
  await keepFirstHeading(page);
  await page.goto('/track');
  await page.waitForLoadState('networkidle');
  const same = await page.evaluate(
    () => (window as { firstHeading?: Element }).firstHeading === document.querySelector('h1'),
  );
  expect(same).toBe(true);
});

test('the page around a remote’s area works before the remote’s code has arrived', async ({ page }) => {
  await slowTrackingRemote(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  let remoteArrived = false;
  page.on('response', (response) => {
    if (/\/remotes\/mf-tracking\/.*\.js$/.test(response.url())) remoteArrived = true;
  });
  await page.goto('/track', { waitUntil: 'commit' });
  // Clicked until the shell's code has taken the header over (a click before that is the browser's).
  await expect(async () => {
    await page.getByTestId('language-switch').getByText('LV').click();
    await expect(page.getByRole('link', { name: 'Izsekot' })).toBeVisible({ timeout: 200 });
  }).toPass();
  expect(remoteArrived).toBe(false);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sūtījumu izsekošana');
  // The area's markup was English, React draws it in Latvian: what the switch asked for, not an error.
  await expect(page.getByTestId('tracking-empty')).toContainText('Sūtījuma numurs ir uz sūtījuma uzlīmes');
  expect(errors).toEqual([]);
});

for (const path of ['/track', '/']) {
  test(`a number typed and sent on ${path} before the tracking remote’s code has arrived is tracked once it has`, async ({
    page,
  }) => {
    await slowTrackingRemote(page);
    let remoteArrived = false;
    page.on('response', (response) => {
      if (/\/remotes\/mf-tracking\/.*\.js$/.test(response.url())) remoteArrived = true;
    });
    await page.goto(path);
    const number = page.getByRole('textbox', { name: 'Shipment number' });
    await number.fill('rr123456785lv');
    await number.press('Enter');
    // Held while the remote's code was on its way, then replayed: the text, then the submission.
    expect(remoteArrived).toBe(false);
    await expect(page).toHaveURL(/\/track\?number=RR123456785LV$/);
  });
}

test('a locale kept in local storage, which the gateway cannot see, is drawn afresh in it', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('locale', 'lv'));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sūtiet un izsekojiet vēstules un pakas');
  await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
  expect(errors).toEqual([]);
});

test('the consent banner comes in the first screen only until the visitor has chosen', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const banner = 'We use necessary cookies to run the portal.';
  expect(await (await request.get('/faq')).text()).toContain(banner);
  await giveConsent(context, baseURL ?? '');
  const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
  expect(await (await request.get('/faq', { headers: { cookie } })).text()).not.toContain(banner);

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(banner)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a signed-in visitor’s reload is taken over, then shows their session', async ({ page }) => {
  await signInWithSmartIdCode(page, '020285-10002');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await keepFirstHeading(page);
  await page.reload();
  await expect(page.getByTestId('user-name')).toBeVisible();
  expect(
    await page.evaluate(() => (window as { firstHeading?: Element }).firstHeading === document.querySelector('h1')),
  ).toBe(true);
  expect(errors).toEqual([]);
});
