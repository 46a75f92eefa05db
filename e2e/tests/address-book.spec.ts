import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SPREADSHEET_COLUMNS } from '@portal/shared-contracts/address-book';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';

// The address book (issue 12): a signed-in user creates, edits, searches and deletes a contact,
// in English and in Latvian, and the page passes axe. Tests share one database: each run's
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

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([]);
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
