import type { Page } from '@playwright/test';
import { choose, expect, expectNoAxeViolations, signInWithPassword, test, withFirstScreenQueries } from './fixtures';

// The post's announcements (issue 14 item 6, issue 13 item 5): a content editor composes one for
// company accounts (a notification to no group is refused beside the field), sends it, and the
// company user sees it in the header's unread count and in their notification list, and reads it.

async function signOut(page: Page) {
  // The shell shows "Sign in" at once, then sends the browser through the provider's end-session
  // page: the next navigation must wait until the provider has sent it back, or it is aborted.
  const providerSignedOut = page.waitForResponse((response) => response.url().includes('/idp/session/end/confirm'));
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await providerSignedOut;
  await expect(page).not.toHaveURL(/\/idp\//);
  await page.waitForLoadState();
}

/** The unread count the header link tells ("Notifications: 3 unread"). */
async function unreadInHeader(page: Page): Promise<number> {
  const link = page.getByTestId('header-notifications');
  await expect(link).toHaveAttribute('aria-label', /unread/);
  return Number(/(\d+) unread/.exec((await link.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
}

test('a content editor sends a notice to companies; the company user sees and reads it', async ({ page }) => {
  test.slow();
  const caption = `E2E notice ${Date.now().toString(36)}`;
  await signInWithPassword(page, 'editor@example.com');
  await page.goto('/admin/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications');
  await expectNoAxeViolations(page, ['main', 'header']);
  await page.getByRole('link', { name: 'New notification' }).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Notifications');

  // No group: refused beside the field.
  // Written in both languages; each reader gets the one of their interface.
  await page.getByLabel(/^Caption in English/).fill(caption);
  await page.getByLabel(/^Description in English/).fill('Company pick-ups move to 10:00 from 01.12.2026.');
  await page
    .getByLabel(/^Content in English/)
    .fill('Couriers pick up company parcels from 10:00.\n\nNothing else changes.');
  await page.getByLabel(/^Caption in Latvian/).fill(`${caption} LV`);
  await page.getByLabel(/^Description in Latvian/).fill('Uzņēmumu sūtījumus no 01.12.2026 savāc no 10:00.');
  await page.getByLabel(/^Content in Latvian/).fill('Kurjeri savāc uzņēmumu pakas no 10:00.');
  await page.getByRole('button', { name: 'Create the notification' }).click();
  await expect(page.getByText('Choose at least one recipient group: private, company or both.')).toBeVisible();
  await expectNoAxeViolations(page, ['main', 'header']);

  await choose(page.getByRole('checkbox', { name: 'Company' }));
  await page.getByRole('button', { name: 'Create the notification' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(caption);
  await expect(page.getByTestId('notification-details')).toContainText('StatusUnsent');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByTestId('notification-details')).toContainText('StatusSent');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);

  // The list finds it among the sent company notices.
  await page.goto('/admin/notifications?status=sent&recipientGroup=company');
  await expect(page.getByTestId('notifications-table')).toContainText(caption);
  await signOut(page);

  await signInWithPassword(page, 'janis@example.com');
  const before = await unreadInHeader(page);
  expect(before).toBeGreaterThan(0);
  await page.getByTestId('header-notifications').click();
  await expect(page).toHaveURL(/\/notifications$/);
  const item = page.locator('[data-kind="announcement"]', { hasText: caption });
  await expect(item).toContainText('Company pick-ups move to 10:00 from 01.12.2026.');
  await expect(item).toContainText('New');
  await expectNoAxeViolations(page, ['main', 'header']);
  await item.getByRole('button', { name: `Mark as read: “${caption}”` }).click();
  await expect(item).toHaveAttribute('data-unread', 'false');
  await expect.poll(() => unreadInHeader(page)).toBe(before - 1);
  // In Latvian, the Latvian texts.
  await page.goto('/notifications?locale=lv');
  await expect(page.locator('[data-kind="announcement"]', { hasText: `${caption} LV` })).toContainText(
    'Uzņēmumu sūtījumus no 01.12.2026 savāc no 10:00.',
  );
});

test('the notification banner: a content editor saves it, and the shell shows a switched-on banner above every page', async ({
  page,
}) => {
  test.slow();
  await signInWithPassword(page, 'editor@example.com');
  await page.goto('/admin/notifications');
  await page.getByRole('link', { name: 'Notification banner' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notification banner');
  // Switched on without the Latvian text: refused beside the field.
  await page.getByLabel('Banner text in English').fill('Post offices close at 15:00 on 23.12.2026.');
  await page.getByLabel('Banner text in Latvian').fill('');
  await choose(page.getByRole('checkbox', { name: /Show the banner on every page/ }));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Write the banner in both languages before switching it on.')).toBeVisible();
  await expectNoAxeViolations(page, ['main', 'header']);
  // Saved switched off: tests share one database, and a banner on every page would change the
  // pages other specs look at while they run. The API test switches it on for real.
  await page.getByLabel('Banner text in Latvian').fill('Pasta nodaļas 23.12.2026 strādā līdz 15:00.');
  await page.getByRole('checkbox', { name: /Show the banner on every page/ }).uncheck();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The banner is saved and not shown.')).toBeVisible();
  await expect(page.getByTestId('notification-banner')).toHaveCount(0);
  await signOut(page);

  // A visitor's pages, with the API answering a switched-on banner for this page only: the page
  // comes with the API's answer (infra/gateway/first-screen.ts) and shows the banner above the
  // content, in the visitor's language.
  const switchedOn = {
    '@type': 'NotificationBanner',
    active: true,
    text: 'Post offices close at 15:00 on 23.12.2026.',
  };
  await withFirstScreenQueries(page, (queries) => [
    ...queries.filter(({ queryKey }) => queryKey[0] !== 'notification-banner'),
    { queryKey: ['notification-banner', 'en'], data: switchedOn },
  ]);
  await page.goto('/');
  const banner = page.getByTestId('notification-banner');
  await expect(banner).toContainText('Post offices close at 15:00 on 23.12.2026.');
  await expectNoAxeViolations(page, ['main', 'header']);
  await page.goto('/tariff-calculator');
  await expect(banner).toBeVisible();
});
