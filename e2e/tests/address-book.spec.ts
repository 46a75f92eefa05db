import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { SPREADSHEET_COLUMNS } from '@portal/shared-contracts/address-book';
import { SERVER_MESSAGES_LV } from '@portal/shared-contracts/i18n/server-messages';
import ExcelJS from 'exceljs';
import { choose, expect, expectNoAxeViolations, test } from './fixtures';
import { fillParty, type Lang, labelled, text } from './wizard-driver';

// The address book (issue 12): a signed-in user creates, edits, searches and deletes a contact,
// filters by country, deletes contacts together, and picks and saves parties in the order wizard,
// in English and in Latvian, and the pages pass axe. Tests share one database: each run's
// contact gets a name of its own (letters only: SPEC §5 names have no digits).

const uniqueName = (first: string) =>
  `${first} ${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

async function signInToAddressBook(page: Page) {
  await page.goto('/address-book');
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByLabel('E-mail', { exact: true }).fill('anna@example.com');
  await page.getByLabel('Password', { exact: true }).fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/address-book$/);
}

const texts = {
  en: {
    heading: 'Address book',
    newContact: 'New contact',
    name: 'Name and surname',
    phone: 'Phone',
    address: 'Address',
    city: 'City, parish or locality',
    postCode: 'Post code',
    save: 'Save',
    search: 'Search',
    edit: 'Edit',
    delete: 'Delete',
    nothingFound: 'Nothing was found',
    latvianPostCode: 'A Latvian post code has the form LV-1234.',
  },
  lv: {
    heading: 'Adrešu grāmata',
    newContact: 'Jauns kontakts',
    name: 'Vārds un uzvārds',
    phone: 'Tālrunis',
    address: 'Adrese',
    city: 'Pilsēta, pagasts vai apdzīvota vieta',
    postCode: 'Pasta indekss',
    save: 'Saglabāt',
    search: 'Meklēt',
    edit: 'Labot',
    delete: 'Dzēst',
    nothingFound: 'Nekas netika atrasts',
    latvianPostCode: 'Latvijas pasta indeksa formāts ir LV-1234.',
  },
} as const;

for (const locale of ['en', 'lv'] as const) {
  test(`a signed-in user creates, edits, searches and deletes a contact (${locale})`, async ({ page }) => {
    const t = texts[locale];
    await signInToAddressBook(page);
    if (locale === 'lv') await page.getByTestId('language-switch').getByText('LV').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.heading);
    await expect(page.getByTestId('contacts-table').or(page.getByTestId('contacts-empty'))).toBeVisible();
    await expectNoAxeViolations(page);

    const name = uniqueName('Ērika');
    await page.getByRole('button', { name: t.newContact }).click();
    const form = page.getByTestId('contact-form');
    await form.getByLabel(t.name).fill(name);
    await form.getByLabel(t.phone, { exact: true }).fill('29123456');
    await form.getByLabel(t.address, { exact: true }).fill('Brīvības iela 1');
    await form.getByLabel(t.city).fill('Rīga');
    await form.getByLabel(t.postCode).fill('1010');
    await form.getByRole('button', { name: t.save }).click();
    // The shared rule, shown beside the field before anything is sent.
    await expect(form.getByText(t.latvianPostCode)).toBeVisible();
    await form.getByLabel(t.postCode).fill('LV-1010');
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: t.save }).click();
    await expect(form).toBeHidden();

    // Search ignores diacritics: "erika" finds "Ērika".
    const search = page.getByLabel(t.search);
    await search.fill(name.replace('Ē', 'E').toLowerCase());
    const row = page.getByTestId('contacts-table').getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Rīga');

    await page.getByRole('button', { name: `${t.edit} ${name}` }).click();
    await form.getByLabel(t.city).fill('Cēsis');
    await form.getByLabel(t.postCode).fill('LV-4101');
    await form.getByRole('button', { name: t.save }).click();
    await expect(form).toBeHidden();
    await expect(row).toContainText('Cēsis');

    await page.getByRole('button', { name: `${t.delete} ${name}` }).click();
    await page.getByTestId('confirm-delete').click();
    await expect(page.getByTestId('contacts-empty')).toHaveText(t.nothingFound);
  });
}

test('a user imports a file with 2 bad rows of 10 and sees "2 rows incorrect of 10", then exports the book', async ({
  page,
}) => {
  await signInToAddressBook(page);
  const suffix = uniqueName('Imp').split(' ')[1] as string;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contacts');
  sheet.addRow(SPREADSHEET_COLUMNS.map((column) => column.en));
  for (let index = 0; index < 10; index++) {
    const name = index === 3 ? 'R2D2' : `Import ${String.fromCharCode(65 + index)}${suffix}`;
    const postCode = index === 7 ? '1010' : 'LV-1010';
    sheet.addRow([
      name,
      '',
      '',
      'LV',
      '371',
      `2${String(index).padStart(7, '1')}`,
      'Iela 1',
      'Rīga',
      '',
      postCode,
      '',
      '',
    ]);
  }
  const file = path.join(tmpdir(), `address-book-${suffix}.xlsx`);
  await writeFile(file, Buffer.from(await workbook.xlsx.writeBuffer()));

  await page.getByLabel('Import XLSX').setInputFiles(file);
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('2 rows incorrect of 10');
  await expect(report).toContainText('8 contacts imported');
  await expect(report.getByRole('row', { name: /^5 Name and surname Names may contain/ })).toBeVisible();
  await expect(report.getByRole('row', { name: /^9 Post code A Latvian post code/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Search').fill(suffix);
  await expect(page.getByTestId('contacts-table').getByRole('row')).toHaveCount(6);

  // The export holds them, with English headings, read back by parsing the file.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('contacts-export').click();
  const exported = new ExcelJS.Workbook();
  await exported.xlsx.readFile((await (await downloading).path()) as string);
  const rows = exported.worksheets[0]?.getSheetValues() as (string | undefined)[][];
  expect(rows[1]?.slice(1)).toEqual(SPREADSHEET_COLUMNS.map((column) => column.en));
  expect(rows.filter((row) => row?.[1]?.endsWith(suffix))).toHaveLength(8);

  // Tidy up the shared database: the imported contacts go.
  for (let left = 8; left > 0; left--) {
    await page
      .getByTestId('contacts-table')
      .getByRole('button', { name: /^Delete Import/ })
      .first()
      .click();
    await page.getByTestId('confirm-delete').click();
    await expect(page.getByTestId('confirm-delete')).toBeHidden();
  }
  await expect(page.getByTestId('contacts-empty')).toHaveText('Nothing was found');
});

// ---- the address book in the order wizard, bulk delete, country filter (issue 12) -------------

const BOOK = {
  en: JSON.parse(readFileSync(new URL('../../mf-address-book/src/i18n/en.json', import.meta.url), 'utf8')),
  lv: JSON.parse(readFileSync(new URL('../../mf-address-book/src/i18n/lv.json', import.meta.url), 'utf8')),
} as const;

/** A text of mf-address-book's catalogue (`picker.choose.receiver`), placeholders filled. */
function bookText(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = BOOK[lang];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${key} in mf-address-book ${lang}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** The signed-in user's access token, as the shell keeps it (oidc-client-ts, session storage). */
async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
    return key
      ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
      : undefined;
  });
  if (!token) throw new Error('not signed in');
  return token;
}

/** A Latvian mobile number no other run uses (8 digits starting with 2). */
const phoneNumber = () => `2${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

/** Creates a contact in the signed-in user's book through the API; answers its id. */
async function createContact(page: Page, token: string, contact: Record<string, string>): Promise<number> {
  const created = await page.request.post('/api/contacts', {
    headers: { authorization: `Bearer ${token}` },
    data: contact,
  });
  const body = await created.json();
  expect(created.status(), JSON.stringify(body)).toBe(201);
  return body.id as number;
}

async function contactsNamed(page: Page, token: string, search: string) {
  const found = await page.request.get(`/api/contacts?search=${encodeURIComponent(search)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(found.status()).toBe(200);
  return (await found.json())['hydra:member'] as { id: number; name: string; city: string; phone: string }[];
}

async function deleteContacts(page: Page, token: string, ids: number[]) {
  if (ids.length === 0) return;
  const deleted = await page.request.post('/api/contacts/bulk_delete', {
    headers: { authorization: `Bearer ${token}` },
    data: { ids },
  });
  expect(deleted.status()).toBe(200);
}

const DOMESTIC_PARCEL: Record<Lang, RegExp> = {
  en: /Parcel, post office to post office, Latvia/,
  lv: /Paka, no pasta nodaļas uz pasta nodaļu, Latvija/,
};

for (const lang of ['en', 'lv'] as const) {
  test(`${lang}: in the wizard a signed-in user picks the receiver and the sender from the book and saves a new receiver into it`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInToAddressBook(page);
    const token = await accessToken(page);
    const name = uniqueName(lang === 'en' ? 'Ērika' : 'Māra');
    const phone = phoneNumber();
    const contactId = await createContact(page, token, {
      name,
      companyName: 'SIA Kokle',
      email: 'erika@example.com',
      countryCode: 'LV',
      phonePrefix: '371',
      phone,
      addressLine: 'Rīgas iela 12',
      city: 'Cēsis',
      postCode: 'LV-4101',
      addressId: '101234567',
    });
    const created: number[] = [contactId];
    try {
      await page.goto(`/?locale=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await page.goto('/orders/parcel?country=LV&weight=2000');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'pages.parcel'));
      const product = page.getByRole('radio', { name: DOMESTIC_PARCEL[lang] });
      await expect(product).toBeEnabled({ timeout: 15_000 });
      await choose(product);
      await page.getByTestId('next-step').click();
      await expect(page.getByTestId('step-parties')).toBeVisible();

      // Choose the receiver with the keyboard: the dialog's search has the focus.
      const receiver = page.getByTestId('party-receiver');
      await receiver.getByRole('button', { name: bookText(lang, 'picker.choose.receiver') }).click();
      const dialog = page.getByRole('dialog', { name: bookText(lang, 'picker.title.receiver') });
      await expect(dialog.getByLabel(bookText(lang, 'list.search'))).toBeFocused();
      await page.keyboard.type(name.split(' ')[1] as string);
      const chooseButton = dialog.getByRole('button', { name: bookText(lang, 'picker.chooseNamed', { name }) });
      await expect(chooseButton).toBeVisible();
      await expect(dialog.getByRole('listitem')).toHaveCount(1);
      await expectNoAxeViolations(page, ['main'], ['.leaflet-container']);
      await chooseButton.focus();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();

      await expect(receiver.getByLabel(labelled(lang, 'party.name'))).toHaveValue(name);
      await expect(receiver.getByLabel(labelled(lang, 'party.company'))).toBeChecked();
      await expect(receiver.getByLabel(labelled(lang, 'party.companyName'))).toHaveValue('SIA Kokle');
      await expect(receiver.getByLabel(labelled(lang, 'party.email'))).toHaveValue('erika@example.com');
      await expect(receiver.getByLabel(text(lang, 'party.phonePrefix'), { exact: true })).toHaveValue('371');
      await expect(receiver.locator('input[name="receiver.phone"]')).toHaveValue(phone);
      await expect(receiver.getByLabel(labelled(lang, 'party.addressLine'))).toHaveValue('Rīgas iela 12');
      await expect(receiver.getByLabel(labelled(lang, 'party.city'))).toHaveValue('Cēsis');
      await expect(receiver.getByLabel(labelled(lang, 'party.postCode'))).toHaveValue('LV-4101');
      await expect(page.getByTestId('receiver-address-id')).toHaveText(`${text(lang, 'party.addressId')}: 101234567`);
      await expect(page.getByTestId('picked-contact-receiver')).toHaveText(bookText(lang, 'picker.picked', { name }));
      await expectNoAxeViolations(page, ['main'], ['.leaflet-container']);

      // A new receiver typed over it goes into the book; saving it twice is refused as a duplicate (409).
      const newName = uniqueName(lang === 'en' ? 'Jānis' : 'Pēteris');
      await fillParty(lang, receiver, { name: newName, address: 'Lielā iela 5', city: 'Liepāja', postCode: 'LV-3401' });
      await receiver.getByLabel(labelled(lang, 'party.company')).uncheck();
      await expect(page.getByTestId('receiver-address-id')).toHaveCount(0);
      await receiver.getByRole('button', { name: bookText(lang, 'picker.save.receiver') }).click();
      await expect(page.getByTestId('saved-contact-receiver')).toHaveText(
        bookText(lang, 'picker.saved', { name: newName }),
      );
      const saved = await contactsNamed(page, token, newName);
      expect(saved).toEqual([expect.objectContaining({ name: newName, city: 'Liepāja', phone })]);
      created.push(...saved.map((entry) => entry.id));
      await receiver.getByRole('button', { name: bookText(lang, 'picker.save.receiver') }).click();
      const duplicate = 'A contact with this name, address and phone is already in the address book.';
      await expect(page.getByTestId('save-contact-error-receiver')).toContainText(
        lang === 'lv' ? (SERVER_MESSAGES_LV[duplicate] as string) : duplicate,
      );
      expect(await contactsNamed(page, token, newName)).toHaveLength(1);

      // The sender from the book too: its address ID goes with the order.
      const sender = page.getByTestId('party-sender');
      await sender.getByRole('button', { name: bookText(lang, 'picker.choose.sender') }).click();
      const senderDialog = page.getByRole('dialog', { name: bookText(lang, 'picker.title.sender') });
      await senderDialog.getByLabel(bookText(lang, 'list.search')).fill(name.split(' ')[1] as string);
      await senderDialog.getByRole('button', { name: bookText(lang, 'picker.chooseNamed', { name }) }).click();
      await expect(sender.getByLabel(labelled(lang, 'party.name'))).toHaveValue(name);
      await expect(page.getByTestId('sender-address-id')).toContainText('101234567');
      await page.getByTestId('next-step').click();
      await expect(page.getByTestId('step-summary')).toBeVisible({ timeout: 20_000 });
      const key = new URL(page.url()).pathname.split('/').at(-1) as string;
      const order = await page.request.get(`/api/orders/${key}`, { headers: { authorization: `Bearer ${token}` } });
      const line = (await order.json()).orderLines[0];
      expect(line.sender).toEqual(
        expect.objectContaining({
          name,
          companyName: 'SIA Kokle',
          address: expect.objectContaining({
            addressLine: 'Rīgas iela 12',
            postCode: 'LV-4101',
            addressId: '101234567',
          }),
        }),
      );
      expect(line.receiver).toEqual(
        expect.objectContaining({ name: newName, address: expect.objectContaining({ city: 'Liepāja' }) }),
      );
    } finally {
      await deleteContacts(page, token, created);
    }
  });

  test(`${lang}: the book filters by country and deletes the selected contacts after confirmation`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInToAddressBook(page);
    const token = await accessToken(page);
    const suffix = uniqueName('Bulk').split(' ')[1] as string;
    const contact = (first: string, country: 'LV' | 'LT') => ({
      name: `${first} ${suffix}`,
      countryCode: country,
      phonePrefix: country === 'LV' ? '371' : '370',
      // A Lithuanian mobile number in the 612 range (libphonenumber knows it).
      phone: country === 'LV' ? phoneNumber() : `612${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`,
      addressLine: 'Skolas iela 3',
      city: country === 'LV' ? 'Valmiera' : 'Kaunas',
      postCode: country === 'LV' ? 'LV-4201' : '44280',
    });
    const ids = [
      await createContact(page, token, contact('Anna', 'LV')),
      await createContact(page, token, contact('Berta', 'LV')),
      await createContact(page, token, contact('Rūta', 'LT')),
    ];
    try {
      if (lang === 'lv') await page.getByTestId('language-switch').getByText('LV').click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts[lang].heading);
      await page.getByLabel(texts[lang].search).fill(suffix);
      const table = page.getByTestId('contacts-table');
      await expect(table.getByRole('row')).toHaveCount(4);

      // The country filter: only the Lithuanian contact.
      const country = page.getByTestId('contacts-country');
      await country.fill(lang === 'en' ? 'Lithuania' : 'Lietuva');
      await page.getByRole('option', { name: lang === 'en' ? 'Lithuania' : 'Lietuva', exact: true }).click();
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(table.getByRole('row', { name: new RegExp(`Rūta ${suffix}`) })).toContainText('LT');
      await expectNoAxeViolations(page);
      // Choosing the chosen country again clears the filter (Mantine's clear button is for the mouse only).
      await country.click();
      await page.getByRole('option', { name: lang === 'en' ? 'Lithuania' : 'Lietuva', exact: true }).click();
      await expect(table.getByRole('row')).toHaveCount(4);

      // The list is by name, A to Z; the name's header turns it Z to A: Rūta first.
      await expect(table.getByRole('columnheader', { name: texts[lang].name })).toHaveAttribute(
        'aria-sort',
        'ascending',
      );
      await table.getByTestId('sort-name').click();
      await expect(table.getByRole('columnheader', { name: texts[lang].name })).toHaveAttribute(
        'aria-sort',
        'descending',
      );
      await expect(table.getByRole('row').nth(1)).toContainText(`Rūta ${suffix}`);

      // The two Latvians, selected and deleted together after the question.
      await choose(table.getByRole('checkbox', { name: bookText(lang, 'list.select', { name: `Anna ${suffix}` }) }));
      await choose(table.getByRole('checkbox', { name: bookText(lang, 'list.select', { name: `Berta ${suffix}` }) }));
      await expect(page.getByTestId('contacts-selected')).toHaveText(bookText(lang, 'list.selected', { count: 2 }));
      await page.getByRole('button', { name: bookText(lang, 'actions.deleteSelected') }).click();
      await expect(page.getByRole('dialog')).toContainText(
        bookText(lang, 'contact.deleteSelectedQuestion', { count: 2 }),
      );
      await expectNoAxeViolations(page);
      await page.getByTestId('confirm-delete').click();
      await expect(page.getByText(bookText(lang, 'messages.success'))).toBeVisible();
      await expect(table.getByRole('row')).toHaveCount(2);

      // A colleague sharing the book deletes the last one first: nothing was deleted (SPEC §8).
      await choose(table.getByRole('checkbox', { name: bookText(lang, 'list.select', { name: `Rūta ${suffix}` }) }));
      await deleteContacts(page, token, [ids[2] as number]);
      await page.getByRole('button', { name: bookText(lang, 'actions.deleteSelected') }).click();
      await page.getByTestId('confirm-delete').click();
      await expect(page.getByText(bookText(lang, 'messages.nothingDeleted'))).toBeVisible();
      await expect(page.getByTestId('contacts-empty')).toHaveText(texts[lang].nothingFound);
    } finally {
      await deleteContacts(page, token, ids);
    }
  });
}
