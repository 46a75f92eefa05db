import { readFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { expect, expectNoAxeViolations, registerNewUser, signInWithPassword, test } from './fixtures';

// Issue 13 item 3: a user files a company application (a wrong registration number is refused
// beside its field), an administrator approves it through the API, and the company account
// appears in the user's account switcher and can be switched to; in English and Latvian.

type Lang = 'en' | 'lv';
type Catalogue = Record<string, unknown>;
const catalogue = (remote: string, lang: Lang): Catalogue =>
  JSON.parse(readFileSync(new URL(`../../${remote}/src/i18n/${lang}.json`, import.meta.url), 'utf8'));
const TEXTS = {
  account: { en: catalogue('mf-account', 'en'), lv: catalogue('mf-account', 'lv') },
  shell: { en: catalogue('shell', 'en'), lv: catalogue('shell', 'lv') },
};

function t(
  lang: Lang,
  key: string,
  values: Record<string, string | number> = {},
  remote: keyof typeof TEXTS = 'account',
) {
  let node: unknown = TEXTS[remote][lang];
  for (const part of key.split('.')) node = (node as Catalogue | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${lang}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A label as Mantine renders it: the text, then a required asterisk or nothing. */
const label = (lang: Lang, key: string) => new RegExp(`^${escapeRegExp(t(lang, key))}`);

const WRONG_REGISTRATION_NUMBER: Record<Lang, string> = {
  en: 'The registration number must have exactly 11 characters.',
  lv: 'Reģistrācijas numurā jābūt tieši 11 rakstzīmēm.',
};

/** An administrator's access token, from their own browser context (signed in to the portal). */
async function administratorToken(browser: Browser, baseURL: string): Promise<string> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const authorization = await signInWithPassword(page, 'admin@example.com');
  await context.close();
  return authorization;
}

for (const lang of ['en', 'lv'] as const) {
  test(`a company application, once approved, is an account to switch to (${lang})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await registerNewUser(page, lang === 'en' ? 'Applicant' : 'Pieteicejs');
    const company = `SIA E2E ${lang} ${Date.now().toString(36)}`;

    await page.goto(`/user/profile?locale=${lang}`);
    await page.getByRole('button', { name: t(lang, 'company.open') }).click();
    const form = page.getByRole('form', { name: t(lang, 'company.title') });
    await form.getByLabel(label(lang, 'company.companyName')).fill(company);
    await form.getByLabel(label(lang, 'company.registrationNumber')).fill('4000300000');
    await form.getByLabel(label(lang, 'company.vatNumber')).fill('LV40003000001');
    await form.getByLabel(label(lang, 'company.address')).fill('Brīvības iela 1, Rīga');
    await form.getByLabel(label(lang, 'company.email')).fill('office@e2e-company.example');
    await form.getByLabel(label(lang, 'company.iban')).fill('LV80 BANK 0000 4351 9500 1');
    await form.getByRole('button', { name: t(lang, 'company.submit') }).click();
    // Ten characters: refused beside the field, nothing sent.
    const registration = form.getByLabel(label(lang, 'company.registrationNumber'));
    await expect(registration).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText(WRONG_REGISTRATION_NUMBER[lang])).toBeVisible();
    await expectNoAxeViolations(page);

    await registration.fill('40003000001');
    const sent = page.waitForResponse(
      (response) => response.url().endsWith('/api/company_applications') && response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: t(lang, 'company.submit') }).click();
    expect((await sent).status()).toBe(201);
    await expect(page.getByTestId('company-application-sent')).toHaveText(t(lang, 'company.sent'));

    // An administrator approves it through the API.
    const authorization = await administratorToken(browser, baseURL ?? '');
    const pending = await page.request.get('/api/admin/company_applications?status=pending&itemsPerPage=100', {
      headers: { authorization },
    });
    expect(pending.status()).toBe(200);
    const application = (await pending.json())['hydra:member'].find(
      (item: { companyName: string }) => item.companyName === company,
    );
    expect(application).toBeDefined();
    const approved = await page.request.post(`/api/admin/company_applications/${application.id}/approve`, {
      headers: { authorization },
    });
    expect(approved.status()).toBe(200);
    const { accountId } = await approved.json();

    // The switcher shows the company after the user is loaded again; choosing it makes it active.
    await page.reload();
    await page.getByTestId('user-menu').click();
    const item = page.getByTestId(`account-${accountId}`);
    await expect(item).toHaveText(t(lang, 'auth.companyAccount', { name: company }, 'shell'));
    await item.click();
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId(`account-${accountId}`)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId(`account-${accountId}`)).toContainText(`(${t(lang, 'auth.active', {}, 'shell')})`);
  });
}
