import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { choose, expect, expectNoAxeViolations, signInAsCompanyUser, test } from './fixtures';

// Webhooks (issue 20 item 3): a company's main administrator registers an endpoint on the
// settings page's Integrations tab, keeps the secret shown once, reads its deliveries and deletes
// it, in English and Latvian, and the page passes axe with the form's violations shown.
// (Signed, ordered deliveries to a real receiver: api/test/modules/webhooks/.)

test.describe.configure({ timeout: 90_000 });

type Lang = 'en' | 'lv';
interface WebhookTexts {
  title: string;
  add: string;
  url: string;
  event: Record<'shipment.status_changed' | 'order.paid', string>;
  showDeliveries: string;
  noDeliveries: string;
  secretCopied: string;
  deleteNamed: string;
}
const catalogue = (lang: Lang) =>
  JSON.parse(readFileSync(new URL(`../../mf-account/src/i18n/${lang}.json`, import.meta.url), 'utf8')) as {
    settings: { webhooks: WebhookTexts };
  };
const texts = (lang: Lang) => catalogue(lang).settings.webhooks;

async function registerAndDelete(page: Page, lang: Lang) {
  const t = texts(lang);
  await signInAsCompanyUser(page);
  await page.goto(`/settings/integrations?locale=${lang}`);
  const section = page.getByTestId('webhooks-section');
  await expect(section.getByRole('heading', { name: t.title })).toBeVisible();
  const form = section.getByTestId('add-webhook-endpoint');
  // Nothing typed, no event: both fields say why, beside them.
  await form.getByRole('checkbox', { name: t.event['shipment.status_changed'] }).uncheck();
  await form.getByRole('checkbox', { name: t.event['order.paid'] }).uncheck();
  await form.getByRole('button', { name: t.add }).click();
  await expect(form.getByRole('textbox', { name: new RegExp(t.url.replace(/[()]/g, '\\$&')) })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectNoAxeViolations(page);

  // Development allows a receiver on this machine (WEBHOOK_TARGETS=any); production refuses it.
  const url = `http://127.0.0.1:9/hooks-${lang}-${Date.now()}`;
  await form.getByRole('textbox', { name: new RegExp(t.url.replace(/[()]/g, '\\$&')) }).fill(url);
  await choose(form.getByRole('checkbox', { name: t.event['order.paid'] }));
  await form.getByRole('button', { name: t.add }).click();
  const secret = section.getByTestId('webhook-secret');
  await expect(secret).toContainText(/whsec_[\w-]{43}/);
  const endpoint = section.locator('[data-testid^="webhook-endpoint-"]').filter({ hasText: url });
  await expect(endpoint).toContainText(t.event['order.paid']);
  await endpoint.getByRole('button', { name: t.showDeliveries }).click();
  await expect(endpoint).toContainText(t.noDeliveries);
  await expectNoAxeViolations(page);
  await secret.getByRole('button', { name: t.secretCopied }).click();
  await expect(secret).toHaveCount(0);
  // The secret is never shown again, also not after a reload.
  await page.reload();
  await expect(section.locator('[data-testid^="webhook-endpoint-"]').filter({ hasText: url })).toBeVisible();
  await expect(page.getByText(/whsec_/)).toHaveCount(0);
  await endpoint.getByRole('button', { name: t.deleteNamed.replace('{{url}}', url) }).click();
  await expect(endpoint).toHaveCount(0);
}

test('a company’s main administrator registers and deletes a webhook endpoint, in English', async ({ page }) => {
  await registerAndDelete(page, 'en');
});

test('a company’s main administrator registers and deletes a webhook endpoint, in Latvian', async ({ page }) => {
  await registerAndDelete(page, 'lv');
});
