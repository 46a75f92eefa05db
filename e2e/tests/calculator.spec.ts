import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { expect, expectNoAxeViolations, test } from './fixtures';

// The tariff calculator (issue 4): price a shipment, check the table, download the PDF and XLSX
// the API writes and read them back with a PDF text extractor and exceljs.

interface Texts {
  type: string;
  countries: string;
  weight: string;
  calculate: string;
  pdf: string;
  xlsx: string;
}

const EN: Texts = {
  type: 'Parcel',
  countries: 'Destination countries',
  weight: 'Weight, kg',
  calculate: 'Calculate',
  pdf: 'Download PDF',
  xlsx: 'Download XLSX',
};
const LV: Texts = {
  type: 'Paka',
  countries: 'Galamērķa valstis',
  weight: 'Svars, kg',
  calculate: 'Aprēķināt',
  pdf: 'Lejupielādēt PDF',
  xlsx: 'Lejupielādēt XLSX',
};

/** Picks a country in the multi-select by typing part of its name (the search is fuzzy). */
async function chooseCountry(page: Page, label: string, typed: string, option: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await input.press('Escape');
}

async function price(
  page: Page,
  texts: Texts,
  shipment: { letter: boolean; typed: string; country: string; weight: string },
) {
  if (shipment.letter) await page.getByText(texts.type, { exact: true }).click();
  await chooseCountry(page, texts.countries, shipment.typed, shipment.country);
  await page.getByRole('textbox', { name: texts.weight }).fill(shipment.weight);
  await page.getByRole('button', { name: texts.calculate }).click();
  const table = page.getByTestId('price-table');
  await expect(table).toBeVisible();
  return table;
}

/** The product labels of the table, top to bottom. */
async function productLabels(page: Page): Promise<string[]> {
  return page
    .getByTestId('price-table')
    .locator('tbody tr th')
    .evaluateAll((cells) => cells.map((cell) => cell.firstChild?.textContent?.trim() ?? ''));
}

async function download(page: Page, button: string): Promise<{ file: Download; body: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const path = await file.path();
  return { file, body: await readFile(path) };
}

/** The PDF's text with white space folded: a table cell wraps its words onto as many lines as it needs. */
async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

test('prices a 2 kg parcel to Lithuania in English and downloads the PDF and the XLSX', async ({ page }) => {
  await page.goto('/tariff-calculator');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Price calculator');
  const answer = page.waitForResponse('**/api/public/prices/by_country');
  const table = await price(page, EN, { letter: false, typed: 'Lithu', country: 'Lithuania', weight: '2' });
  expect((await answer).status()).toBe(200);

  const labels = await productLabels(page);
  // The tariff ordering of SPEC §9: locker sizes XS–XL first, then the courier options.
  expect(labels.slice(0, 5)).toEqual(['XS', 'S', 'M', 'L', 'XL'].map((size) => `Parcel locker ${size}, Lithuania`));
  expect(labels).toContain('Parcel, courier pick-up to door by courier, Lithuania');
  // Every product is priced on a default install (issue 21); Baltic prices rest on the seed's
  // indicative figures (api/src/modules/workflows/data), and the table says so.
  await expect(table.getByText('Price on request')).toHaveCount(0);
  const xs = table.getByRole('row', { name: /Parcel locker XS, Lithuania/ });
  await expect(xs.getByTestId('price')).toHaveText('3,91 €indicative price');
  // Issue 40 item 5: the size class with its pictogram, honest that LP publishes no sides per class.
  await expect(xs.getByTestId('size-limit')).toHaveText(
    'Locker size XS: sides per size not published; the locker takes up to 58 × 38 × 38 cm',
  );
  await expect(xs.getByTestId('locker-pictogram-xs')).toHaveAttribute('aria-hidden', 'true');
  await expect(xs.getByTestId('delivery-time')).toHaveText('Delivery time abroad: not published by Latvijas Pasts');
  await expect(xs.getByRole('button', { name: /^Order this/ })).toBeEnabled();
  await expect(page.getByTestId('indicative-note')).toContainText('derived from published figures');
  await page.screenshot({ path: test.info().outputPath('calculator-lithuania.png'), fullPage: true });

  const pdf = await download(page, EN.pdf);
  expect(pdf.file.suggestedFilename()).toMatch(/^prices-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfText(pdf.body);
  expect(text).toContain('Shipping prices');
  expect(text).toContain('Destination: Lithuania');
  expect(text).toContain('Weight: 2 kg');
  for (const label of labels) expect(text).toContain(label);
  expect(text).toContain('3,91 € (indicative price)');
  expect(text).not.toContain('price on request');

  const xlsx = await download(page, EN.xlsx);
  expect(xlsx.file.suggestedFilename()).toMatch(/^prices-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const rows = await sheetRows(xlsx.body);
  expect(rows[0]).toEqual(['Product', 'Country', 'Price', 'Delivery', 'Max. weight', 'Size limit', 'Price basis']);
  expect(rows.slice(1).map((row) => row[0])).toEqual(labels);
  expect(rows.slice(1).every((row) => row[1] === 'Lithuania')).toBe(true);
  expect(rows[1]).toEqual([
    'Parcel locker XS, Lithuania',
    'Lithuania',
    3.91,
    'Delivery time abroad: not published by Latvijas Pasts',
    '30 kg',
    'Locker size XS: sides per size not published; the locker takes up to 58 × 38 × 38 cm',
    'indicative price',
  ]);
});

test('prices a 50 g letter to Germany in Latvian and downloads both files in Latvian', async ({ page }) => {
  await page.goto('/tariff-calculator?locale=lv');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cenu kalkulators');
  await page.getByText('Vēstule', { exact: true }).click();
  await chooseCountry(page, LV.countries, 'Vāc', 'Vācija');
  await page.getByRole('textbox', { name: 'Svars, g' }).fill('50');
  await page.getByRole('button', { name: LV.calculate }).click();
  await expect(page.getByTestId('price-table')).toBeVisible();
  const labels = await productLabels(page);
  expect(labels.length).toBeGreaterThan(0);
  // The product names come from the API in the language of the page.
  expect(labels.every((label) => label.includes('vēstule'))).toBe(true);
  // EEA letters of 50 g: indicative figures (registered 5,22 € less the 0,46 € online discount).
  const prices = page.getByTestId('price-table').getByTestId('price');
  await expect(prices).toHaveText(['4,76 €orientējoša cena', '2,98 €orientējoša cena']);

  const text = await pdfText((await download(page, LV.pdf)).body);
  expect(text).toContain('Sūtījumu cenas');
  expect(text).toContain('Galamērķis: Vācija');
  expect(text).toContain('Svars: 50 g');
  expect(text).toContain('Sūtījums: Vēstule');
  for (const label of labels) expect(text).toContain(label);

  const rows = await sheetRows((await download(page, LV.xlsx)).body);
  expect(rows[0]).toEqual([
    'Produkts',
    'Valsts',
    'Cena',
    'Piegāde',
    'Maks. svars',
    'Izmēru ierobežojums',
    'Cenas pamats',
  ]);
  expect(rows.slice(1).map((row) => row[0])).toEqual(labels);
  expect(rows.slice(1).every((row) => row[1] === 'Vācija')).toBe(true);
  // No delivery time abroad is published (issue 40 item 5: the product says so rather than invent one).
  const abroad = 'Piegādes laiks uz ārvalstīm: Latvijas Pasts to nav publicējis';
  expect(rows.slice(1).map((row) => [row[2], row[3], row[6]])).toEqual([
    [4.76, abroad, 'orientējoša cena'],
    [2.98, abroad, 'orientējoša cena'],
  ]);
});

test('prices a 2 kg parcel to Lithuania in Latvian, and the language switch renames the products', async ({ page }) => {
  await page.goto('/tariff-calculator?locale=lv');
  const table = await price(page, LV, { letter: false, typed: 'Lietuv', country: 'Lietuva', weight: '2' });
  await expect(table.getByRole('columnheader', { name: 'Izmēru ierobežojums' })).toBeVisible();
  await expect(table.getByText('Cena pēc pieprasījuma')).toHaveCount(0);
  await expect(table.getByRole('row', { name: /Pakomāts XS, Lietuva/ }).getByTestId('price')).toHaveText(
    '3,91 €orientējoša cena',
  );
  await expect(table.getByRole('row', { name: /Pakomāts XS, Lietuva/ })).toContainText(
    'Pakomāta izmērs XS: katra izmēra malas nav publicētas; pakomātā ievieto līdz 58 × 38 × 38 cm',
  );
  const labels = await productLabels(page);
  expect(labels.slice(0, 5)).toEqual(['XS', 'S', 'M', 'L', 'XL'].map((size) => `Pakomāts ${size}, Lietuva`));
  expect(labels).toContain('Paka, kurjers paņem un piegādā līdz durvīm, Lietuva');
  const rows = await sheetRows((await download(page, LV.xlsx)).body);
  expect(rows.slice(1).map((row) => row[0])).toEqual(labels);
  expect(rows[1]?.slice(2)).toEqual([
    3.91,
    'Piegādes laiks uz ārvalstīm: Latvijas Pasts to nav publicējis',
    '30 kg',
    'Pakomāta izmērs XS: katra izmēra malas nav publicētas; pakomātā ievieto līdz 58 × 38 × 38 cm',
    'orientējoša cena',
  ]);

  // Switching the language asks the API again: the table's product names follow.
  await page.getByTestId('language-switch').getByText('EN').click();
  await expect(table.getByRole('rowheader').first()).toContainText('Parcel locker XS, Lithuania');
});

test('prices a 50 g letter to Germany in English', async ({ page }) => {
  await page.goto('/tariff-calculator');
  await page.getByText('Letter', { exact: true }).click();
  // The choice took effect (the weight is asked in grams): the calculator is the browser's now, and
  // the country field's list opens as it is typed into (typed into the gateway's markup before, the
  // text was kept but the list stayed shut in a CI run on a loaded machine: issue 41 item 4).
  await expect(page.getByRole('textbox', { name: 'Weight, g' })).toBeVisible();
  await chooseCountry(page, EN.countries, 'germ', 'Germany');
  await page.getByRole('textbox', { name: 'Weight, g' }).fill('50');
  await page.getByRole('button', { name: EN.calculate }).click();
  await expect(page.getByTestId('price-table')).toBeVisible();
  const text = await pdfText((await download(page, EN.pdf)).body);
  expect(text).toContain('Destination: Germany');
  expect(text).toContain('Shipment: Letter');
  expect(text).toContain('Weight: 50 g');
});

test('shows the SPEC §5 limits beside the fields', async ({ page }) => {
  await page.goto('/tariff-calculator');
  await page.getByRole('button', { name: EN.calculate }).click();
  await expect(page.getByText('Choose at least one country.')).toBeVisible();
  await expect(page.getByText('Enter the weight.')).toBeVisible();

  await page.getByText('Letter', { exact: true }).click();
  const weight = page.getByRole('textbox', { name: 'Weight, g' });
  await weight.fill('2500');
  await expect(page.getByText('Too heavy for a letter (at most 2 kg): choose a parcel.')).toBeVisible();
  await expect(weight).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Price it as a parcel' }).click();
  await expect(page.getByRole('textbox', { name: 'Weight, kg' })).toHaveValue('2.5');

  await page.getByText('Letter', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Weight, g' }).fill('50');
  await page.getByRole('textbox', { name: 'Length' }).fill('23');
  await page.getByRole('textbox', { name: 'Width' }).fill('16');
  await page.getByRole('textbox', { name: 'Thickness' }).fill('3');
  await expect(page.getByText('A letter is at most 2 cm thick.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Thickness' }).fill('0,5');
  await expect(page.getByText('A letter is at most 2 cm thick.')).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Thickness' })).toHaveValue('0.5');

  await page.getByText('Parcel', { exact: true }).click();
  await page.getByRole('combobox', { name: 'Receive at' }).click();
  await page.getByRole('option', { name: 'Parcel locker' }).click();
  await page.getByRole('textbox', { name: 'Weight, kg' }).fill('31');
  await page.getByRole('textbox', { name: 'Length' }).fill('60');
  await page.getByRole('textbox', { name: 'Width' }).fill('38');
  await page.getByRole('textbox', { name: 'Height' }).fill('38');
  await expect(page.getByText('Too heavy for a parcel locker: at most 30 kg.')).toBeVisible();
  await expect(page.getByTestId('dimensions-error')).toHaveText(
    'Too large for a parcel locker: at most 38 × 38 × 58 cm.',
  );
});

test('"order this" opens the order wizard with the choice in the URL', async ({ page }) => {
  await page.goto('/tariff-calculator');
  await price(page, EN, { letter: false, typed: 'latv', country: 'Latvia', weight: '2' });
  const row = page.getByTestId('price-table').getByRole('row', { name: /Parcel, post office to post office, Latvia/ });
  // The published 2026 tariff (tariffs.md §3): 7,01 € + 1,25 € for the second kg, not indicative.
  await expect(row.getByTestId('price')).toHaveText('8,26 €');
  await expect(row).toContainText('1 working day');
  const workflowId = await row.getAttribute('data-workflow-id');
  await row.getByRole('button', { name: 'Order this: Parcel, post office to post office, Latvia, Latvia' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/parcel\\?country=LV&weight=2000&workFlow=${workflowId}$`));
});

test('the calculator with results has no accessibility violations', async ({ page }) => {
  await page.goto('/tariff-calculator');
  await price(page, EN, { letter: false, typed: 'Eston', country: 'Estonia', weight: '1,5' });
  await expectNoAxeViolations(page, ['[data-testid="tariff-calculator"]']);
});
