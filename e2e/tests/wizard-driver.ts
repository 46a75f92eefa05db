import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { choose } from './fixtures';

// Drives the order wizard in either language with the remotes' own catalogues, so a journey
// reads the same texts a user sees in English or Latvian (issue 21: journeys in both).

type Catalogue = Record<string, unknown>;

function catalogue(path: string): Catalogue {
  return JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')) as Catalogue;
}

const CATALOGUES = {
  en: { order: catalogue('mf-order-flow/src/i18n/en.json'), map: catalogue('mf-map/src/i18n/en.json') },
  lv: { order: catalogue('mf-order-flow/src/i18n/lv.json'), map: catalogue('mf-map/src/i18n/lv.json') },
};

export type Lang = keyof typeof CATALOGUES;

/** A text of the order flow (`order:summary.pay`) or the map (`map:picker.choose`) catalogue. */
export function text(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  const [book, path = ''] = key.includes(':') ? key.split(':') : ['order', key];
  let node: unknown = CATALOGUES[lang][book as 'order' | 'map'];
  for (const part of path.split('.')) node = (node as Catalogue | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${lang}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A label as Mantine renders it: the text, then a required asterisk or nothing. */
export const labelled = (lang: Lang, key: string) => new RegExp(`^${escapeRegExp(text(lang, key))}`);

/** An amount as the portal formats money: `3,99 €`. */
export const MONEY = /^\d{1,3}(?:\s?\d{3})*,\d{2}\s€$/;
/** An S10 shipment number of this operator. */
export const S10 = /^[A-Z]{2}\d{9}LV$/;

/** The phone field, not its prefix: in English "Phone prefix" begins with "Phone". */
function phoneLabel(lang: Lang): RegExp {
  const phone = text(lang, 'party.phone');
  const prefix = text(lang, 'party.phonePrefix');
  const rest = prefix.startsWith(phone) ? `(?!${escapeRegExp(prefix.slice(phone.length))})` : '';
  return new RegExp(`^${escapeRegExp(phone)}${rest}`);
}

export async function fillParty(
  lang: Lang,
  party: Locator,
  fields: { name: string; phone?: string; email?: string; address?: string; city?: string; postCode?: string },
) {
  await party.getByLabel(labelled(lang, 'party.name')).fill(fields.name);
  if (fields.phone !== undefined) await party.getByLabel(phoneLabel(lang)).fill(fields.phone);
  if (fields.email !== undefined) await party.getByLabel(labelled(lang, 'party.email')).fill(fields.email);
  if (fields.address !== undefined) await party.getByLabel(labelled(lang, 'party.addressLine')).fill(fields.address);
  if (fields.city !== undefined) await party.getByLabel(labelled(lang, 'party.city')).fill(fields.city);
  if (fields.postCode !== undefined) await party.getByLabel(labelled(lang, 'party.postCode')).fill(fields.postCode);
}

export const RIGA_SENDER = {
  name: 'Anna Bērziņa',
  phone: '21234567',
  address: 'Brīvības iela 1',
  city: 'Rīga',
  postCode: 'LV-1010',
};

/** Picks a place in the map's location picker by searching for it; answers the chosen label. */
export async function pickOnMap(
  lang: Lang,
  page: Page,
  requestId: 'transfer' | 'receiver',
  search: string,
  place: RegExp,
) {
  const chooser = page.getByTestId(`location-${requestId}`);
  const picker = chooser.getByTestId('location-picker');
  await expect(picker).toBeVisible({ timeout: 15_000 });
  await picker.getByLabel(text(lang, 'map:search.label')).fill(search);
  await picker.getByTestId('location-results').getByRole('button', { name: place }).first().click();
  await picker.getByRole('button', { name: text(lang, 'map:picker.choose') }).click();
  const chosen = chooser.getByTestId(`chosen-location-${requestId}`);
  await expect(chosen).toBeVisible();
  return (await chosen.textContent()) ?? '';
}

/** Picks a place in the wizard's own list (the fallback when the map is off); answers the chosen label. */
export async function pickFromList(
  lang: Lang,
  page: Page,
  requestId: 'transfer' | 'receiver',
  search: string,
  place: RegExp,
) {
  const chooser = page.getByTestId(`location-${requestId}`);
  const list = chooser.getByTestId('location-list');
  await expect(list).toBeVisible({ timeout: 15_000 });
  await list.getByLabel(text(lang, 'location.search')).fill(search);
  const label = requestId === 'transfer' ? 'shipment.transferLocation' : 'shipment.receiverLocation';
  await list.getByRole('combobox', { name: text(lang, label) }).click();
  await page.getByRole('option', { name: place }).first().click();
  const chosen = chooser.getByTestId(`chosen-location-${requestId}`);
  await expect(chosen).toBeVisible();
  return (await chosen.textContent()) ?? '';
}

/** The consents, then Pay: answers the total the summary showed (a formatted amount). */
export async function acceptAndPay(lang: Lang, page: Page): Promise<string> {
  const total = page.getByTestId('order-total');
  await expect(total).toHaveText(MONEY);
  const amount = ((await total.textContent()) ?? '').trim();
  await choose(page.getByTestId('accept-terms'));
  await choose(page.getByTestId('accept-privacy'));
  await choose(page.getByTestId('e-notification').getByLabel(text(lang, 'summary.agree'), { exact: true }));
  await page.getByTestId('pay').click();
  await expect(page).toHaveURL(/\/api\/payment-sandbox\//, { timeout: 20_000 });
  return amount;
}

/** On the sandbox page: the amount asked is the order's total; press its Pay button. */
export async function payInSandbox(page: Page, amount: string) {
  await expect(page.locator('dd').first()).toHaveText(amount);
  await page.locator('button[value="pay"]').click();
}

/** The success page: heading, paid amount and an S10 number; answers the number. */
export async function expectPaid(lang: Lang, page: Page, amount: string): Promise<string> {
  await expect(page).toHaveURL(/\/orders\/parcel\/[A-Za-z0-9_-]{22,}\/success$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'payment.success'));
  await expect(page.getByTestId('payment-success')).toContainText(text(lang, 'payment.paidAmount', { amount }));
  const number = (await page.getByTestId('shipment-number').textContent()) ?? '';
  expect(number).toMatch(S10);
  return number;
}
