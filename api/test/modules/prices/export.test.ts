/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { formatMoney } from '@portal/shared-contracts';
import ExcelJS from 'exceljs';
import { BEARER, startTestApp, type TestApp } from '../../helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ modules: ['prices'] });
}, 60_000);
afterAll(() => testApp?.close());

const LITHUANIA_2KG = { shipmentType: 'parcel', countryCodes: ['LT'], weight: 2000 };
const GERMANY_LETTER = { shipmentType: 'letter', countryCodes: ['DE'], weight: 50 };

async function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

const exportFile = (format: string, payload: unknown, language = 'en') =>
  post(`/api/public/prices/by_country/export?format=${format}`, payload, { 'accept-language': language });

/**
 * The PDF's text, extracted by pdf-parse in a child process (see pdf-text.cjs), with white space
 * folded: a table cell wraps its words onto as many lines as its width needs.
 */
function pdfText(body: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [path.join(__dirname, 'pdf-text.cjs')],
      { maxBuffer: 10 * 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve(stdout.replace(/\s+/g, ' '))),
    );
    child.stdin?.end(body);
  });
}

async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

async function byCountry(payload: unknown) {
  return (await post('/api/public/prices/by_country', payload)).json();
}

describe('POST /api/public/prices/by_country/export', () => {
  it('answers a PDF in English with the table of every product', async () => {
    const response = await exportFile('pdf', LITHUANIA_2KG, 'en-US,en;q=0.9');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="prices-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Shipping prices');
    expect(text).toContain('Destination: Lithuania');
    expect(text).toContain('Weight: 2 kg');
    for (const header of ['Product', 'Country', 'Price', 'Delivery', 'Size limit']) expect(text).toContain(header);
    const answer = await byCountry(LITHUANIA_2KG);
    expect(answer.workFlows.length).toBeGreaterThan(5);
    for (const workflow of answer.workFlows) expect(text).toContain(workflow.label);
    // Lithuanian tariffs are indicative figures (workflows/data/README.md): each price says so.
    expect(text).toContain('3,91 € (indicative price)');
    expect(text).not.toContain('price on request');
    expect(text).toContain('An indicative price is derived from published figures');
    // The shared rule's words (issue 40 item 5); a PDF cell may wrap, so short pieces are read.
    expect(text).toContain('Locker size XS');
    expect(text).toContain('Latvijas Pasts');
  });

  it('writes the PDF in Latvian, diacritics included', async () => {
    const response = await exportFile('pdf', { ...LITHUANIA_2KG, countryCodes: ['LV'] }, 'lv');
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Sūtījumu cenas');
    expect(text).toContain('Galamērķis: Latvija');
    expect(text).toContain('Izmēru ierobežojums');
    expect(text).toContain('2,70 € (orientējoša cena)');
    expect(text).toContain('Pakomāta izmērs XS');
    // SPEC §9: one working day within Latvia.
    expect(text).toContain('1 darba dienā');
    const answer = await byCountry({ ...LITHUANIA_2KG, countryCodes: ['LV'] });
    const priced = answer.workFlows.find((workflow: { price: unknown }) => workflow.price !== null);
    expect(text).toContain(formatMoney(priced.price.amount));
  });

  it('answers an XLSX with a header row and one row per product, prices as numbers', async () => {
    const response = await exportFile('xlsx', { ...LITHUANIA_2KG, countryCodes: ['LV', 'LT'] }, 'en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/filename="prices-.*\.xlsx"/);

    const rows = await sheetRows(response.rawPayload);
    const answer = await byCountry({ ...LITHUANIA_2KG, countryCodes: ['LV', 'LT'] });
    expect(rows[0]).toEqual(['Product', 'Country', 'Price', 'Delivery', 'Max. weight', 'Size limit', 'Price basis']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(answer.workFlows.map((w: { label: string }) => w.label));
    const domestic = rows.find((row) => row[0] === 'Parcel, post office to post office, Latvia')!;
    const domesticPrice = answer.workFlows.find(
      (w: { label: string }) => w.label === 'Parcel, post office to post office, Latvia',
    ).price.amount;
    expect(domestic).toEqual([
      'Parcel, post office to post office, Latvia',
      'Latvia',
      domesticPrice / 100,
      'Delivered in 1 working day',
      '20 kg',
      'Longest side up to 105 cm',
      '', // a sourced figure (tariffs.md), not indicative
    ]);
    // The Lithuanian XS locker: an indicative figure, a number in the price column all the same.
    expect(rows.find((row) => row[1] === 'Lithuania')?.slice(2)).toEqual([
      3.91,
      'Delivery time abroad: not published by Latvijas Pasts',
      '30 kg',
      'Locker size XS: sides per size not published; the locker takes up to 58 × 38 × 38 cm',
      'indicative price',
    ]);
  });

  it('writes the XLSX headers in Latvian', async () => {
    const rows = await sheetRows((await exportFile('xlsx', GERMANY_LETTER, 'lv-LV,lv;q=0.9')).rawPayload);
    expect(rows[0]).toEqual([
      'Produkts',
      'Valsts',
      'Cena',
      'Piegāde',
      'Maks. svars',
      'Izmēru ierobežojums',
      'Cenas pamats',
    ]);
    expect(rows.slice(1).every((row) => row[1] === 'Vācija')).toBe(true);
    expect(rows.length).toBe((await byCountry(GERMANY_LETTER)).workFlows.length + 1);
  });

  it('has an authenticated twin', async () => {
    const url = '/api/prices/by_country/export?format=pdf';
    expect((await post(url, GERMANY_LETTER)).statusCode).toBe(401);
    expect((await post(url, GERMANY_LETTER, BEARER)).statusCode).toBe(200);
  });

  it.each([
    ['no format', ''],
    ['an unknown format', '?format=docx'],
    ['an unknown parameter', '?format=pdf&colour=red'],
  ])('refuses %s in the query with 400 and a violation', async (_case, query) => {
    const response = await post(`/api/public/prices/by_country/export${query}`, GERMANY_LETTER);
    expect(response.statusCode).toBe(400);
    expect(response.json().violations.length).toBeGreaterThan(0);
  });

  it.each([
    ['an unknown country', '?format=pdf', { ...GERMANY_LETTER, countryCodes: ['QQ'] }, 'countryCodes[0]'],
    ['a weight as a string', '?format=xlsx', { ...GERMANY_LETTER, weight: 'heavy' }, 'weight'],
    [
      'more than five countries',
      '?format=pdf',
      { ...GERMANY_LETTER, countryCodes: ['LV', 'LT', 'EE', 'DE', 'FR', 'PL'] },
      'countryCodes',
    ],
  ])('refuses %s with 422 and a violation on the right path', async (_case, query, payload, propertyPath) => {
    const response = await post(`/api/public/prices/by_country/export${query}`, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toContainEqual(expect.objectContaining({ propertyPath }));
  });
});

describe('dimensions in a price request', () => {
  const letter = { ...GERMANY_LETTER, countryCodes: ['LV'] };

  it('checks letters against SPEC §5 and names the field that breaks a rule', async () => {
    const tooThick = await post('/api/public/prices/by_country', {
      ...letter,
      dimensions: { length: 230, width: 160, height: 30 },
    });
    expect(tooThick.statusCode).toBe(422);
    expect(tooThick.json().violations).toEqual([
      { propertyPath: 'dimensions.height', message: 'A letter is at most 2 cm thick.', code: 'LETTER_TOO_THICK' },
    ]);

    const tooLarge = await post('/api/public/prices/by_country', {
      ...letter,
      dimensions: { length: 610, width: 300, height: 10 },
    });
    expect(tooLarge.json().violations.map((violation: { code: string }) => violation.code)).toEqual([
      'LETTER_TOO_LARGE',
      'LETTER_TOO_LONG',
    ]);

    const tooSmall = await post('/api/public/prices/by_country', {
      ...letter,
      dimensions: { length: 130, width: 90, height: 1 },
    });
    expect(tooSmall.json().violations).toEqual([expect.objectContaining({ propertyPath: 'dimensions.length' })]);

    const fine = await post('/api/public/prices/by_country', {
      ...letter,
      dimensions: { length: 160, width: 230, height: 5 },
    });
    expect(fine.statusCode).toBe(200);
    expect(fine.json().workFlows.length).toBeGreaterThan(0);
  });

  it('leaves out the products an item does not fit, and shows each size limit', async () => {
    const parcel = { shipmentType: 'parcel', countryCodes: ['LV'], weight: 2000 };
    const all = await byCountry(parcel);
    // No source states the sides of a locker size class: the locker's own 38 × 38 × 58 cm holds.
    expect(all.workFlows.find((w: { shipmentSizeType: string }) => w.shipmentSizeType === 'xs').sizeLimit).toEqual({
      description: 'Size class XS: sides not stated by the operator',
      length: 580,
      width: 380,
      height: 380,
      notStated: true,
    });
    expect(all.workFlows.find((w: { label: string }) => w.label.startsWith('Parcel, post office')).sizeLimit).toEqual(
      expect.objectContaining({ length: 1050, notStated: false }),
    );
    const big = await byCountry({ ...parcel, dimensions: { length: 700, width: 400, height: 300 } });
    expect(big.workFlows.map((w: { label: string }) => w.label)).toEqual([
      'Parcel, post office to post office, Latvia',
    ]);
    const huge = await byCountry({ ...parcel, dimensions: { length: 1200, width: 400, height: 300 } });
    expect(huge.workFlows).toEqual([]);
    expect(huge.unpriced).toEqual([expect.objectContaining({ countryCode: 'LV', code: 'NO_PRICE_FOUND' })]);
  });

  it('holds a parcel to the locker limits when a locker is chosen', async () => {
    const response = await post('/api/public/prices/by_country', {
      shipmentType: 'parcel',
      countryCodes: ['LT'],
      weight: 31_000,
      receivingType: 'parcelMachine',
      dimensions: { length: 600, width: 380, height: 380 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toEqual([
      {
        propertyPath: 'dimensions',
        message: 'Too large for a parcel locker: at most 38 × 38 × 58 cm.',
        code: 'PARCEL_LOCKER_TOO_LARGE',
      },
      {
        propertyPath: 'weight',
        message: 'Too heavy for a parcel locker: at most 30 kg.',
        code: 'PARCEL_LOCKER_TOO_HEAVY',
      },
    ]);
  });

  it.each([
    ['a negative side', { length: -1, width: 100, height: 100 }, 'dimensions.length'],
    ['a side as a string', { length: 100, width: '10cm', height: 100 }, 'dimensions.width'],
    ['an absurd side', { length: 100, width: 100, height: 1e9 }, 'dimensions.height'],
    ['a missing side', { length: 100, width: 100 }, 'dimensions.height'],
  ])('refuses %s with 422', async (_case, dimensions, propertyPath) => {
    const response = await post('/api/public/prices/by_country', { ...letter, dimensions });
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toContainEqual(expect.objectContaining({ propertyPath }));
  });
});
