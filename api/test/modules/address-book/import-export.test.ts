/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { SPREADSHEET_COLUMNS } from '@portal/shared-contracts/address-book';
import ExcelJS from 'exceljs';
import { bearer, startTestApp, type TestApp } from '../../helpers';
import { requester } from '../orders/order-fixtures';

let testApp: TestApp;
const request = requester(() => testApp);
const owner = bearer({ sub: 'xlsx-owner', email: 'xlsx-owner@example.com' });
const receiver = bearer({ sub: 'xlsx-receiver', email: 'xlsx-receiver@example.com' });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const INJECTION = "=cmd|' /C calc'!A0";

beforeAll(async () => {
  testApp = await startTestApp({ modules: ['address-book'] });
  await request('POST', '/api/accounts', owner, { type: 'private' });
  await request('POST', '/api/accounts', receiver, { type: 'private' });
}, 60_000);
afterAll(() => testApp?.close());

async function download(url: string, user = owner): Promise<ExcelJS.Worksheet> {
  const answer = await testApp.app.inject({ method: 'GET', url, headers: user });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe(XLSX);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0] as ExcelJS.Worksheet;
}

async function upload(file: Buffer, user = owner, query = '') {
  const answer = await testApp.app.inject({
    method: 'POST',
    url: `/api/contacts/import${query}`,
    headers: { ...user, 'content-type': XLSX },
    payload: file,
  });
  return { status: answer.statusCode, body: answer.json() };
}

async function workbookOf(rows: ExcelJS.CellValue[][], headings: string[] = SPREADSHEET_COLUMNS.map((c) => c.en)) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contacts');
  sheet.addRow(headings);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const person = (name: string, extra: Partial<Record<string, ExcelJS.CellValue>> = {}): ExcelJS.CellValue[] => {
  const values: Record<string, ExcelJS.CellValue> = {
    name,
    companyName: '',
    email: '',
    countryCode: 'LV',
    phonePrefix: '371',
    phone: '29000000',
    addressLine: 'Iela 1',
    city: 'Rīga',
    region: '',
    postCode: 'LV-1010',
    addressId: '',
    groups: '',
    ...extra,
  };
  return SPREADSHEET_COLUMNS.map((column) => values[column.field] ?? '');
};

const contactsOf = async (user: Record<string, string>) =>
  (await request('GET', '/api/contacts?itemsPerPage=100', user)).body['hydra:member'].map(
    ({ '@id': _id, id: _n, createdAt: _c, updatedAt: _u, groups, ...fields }: Record<string, unknown>) => ({
      ...fields,
      groups: (groups as { name: string }[]).map((group) => group.name),
    }),
  );

describe('address book spreadsheets', () => {
  it('gives an empty template with English or Latvian headings', async () => {
    const en = await download('/api/contacts/template');
    expect((en.getRow(1).values as unknown[]).slice(1)).toEqual(SPREADSHEET_COLUMNS.map((c) => c.en));
    expect(en.actualRowCount).toBe(1);
    const lv = await download('/api/contacts/template?lang=lv');
    expect((lv.getRow(1).values as unknown[]).slice(1)).toEqual(SPREADSHEET_COLUMNS.map((c) => c.lv));
    expect((await request('GET', '/api/contacts/template?lang=de', owner)).status).toBe(400);
    expect((await request('GET', '/api/contacts/template')).status).toBe(401);
  });

  it('imports 10 rows of which 2 are bad: "2 rows incorrect of 10", the 8 good ones stored', async () => {
    const rows = Array.from({ length: 10 }, (_, index) =>
      person(`Import ${String.fromCharCode(65 + index)}erson`, { phone: `2900001${index}`, groups: 'Imported' }),
    );
    rows[3] = person('R2D2', { phone: '29000013' });
    rows[7] = person('Bad Postcode', { postCode: '1010', phone: '29000017' });
    const file = await workbookOf(rows);

    const strict = await upload(file, owner, '?mode=all');
    expect(strict.body).toMatchObject({ totalRows: 10, incorrectRows: 2, imported: 0 });
    expect((await request('GET', '/api/contacts', owner)).body['hydra:totalItems']).toBe(0);

    const answer = await upload(file);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ totalRows: 10, incorrectRows: 2, imported: 8 });
    expect(answer.body.errors).toEqual([
      {
        row: 5,
        column: 'Name and surname',
        message: 'Names may contain only Latin letters, dash, dot and apostrophe.',
        code: 'INVALID_NAME',
      },
      { row: 9, column: 'Post code', message: 'A Latvian post code has the form LV-1234.', code: 'INVALID_POST_CODE' },
    ]);
    expect((await request('GET', '/api/contacts', owner)).body['hydra:totalItems']).toBe(8);
    const groups = await request('GET', '/api/contact_groups', owner);
    expect(groups.body['hydra:member']).toEqual([expect.objectContaining({ name: 'Imported', contactCount: 8 })]);
  });

  it('never runs formulas, escapes formula-looking text on export, and round-trips the book losslessly', async () => {
    const created = await request('POST', '/api/contacts', owner, {
      name: 'Formula Person',
      companyName: INJECTION,
      email: 'formula@example.lv',
      countryCode: 'US',
      region: 'NY',
      phonePrefix: '1',
      phone: '2025550123',
      addressLine: '@home +1 -2',
      city: 'New York',
      postCode: '10001',
    });
    expect(created.status).toBe(201);
    const sheet = await download('/api/contacts/export');
    const formulaRow = (sheet.getSheetValues() as ExcelJS.CellValue[][]).find((row) => row?.[1] === 'Formula Person');
    expect(formulaRow?.[2]).toBe(`'${INJECTION}`);
    expect(formulaRow?.[7]).toBe("'@home +1 -2");
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));

    // Into another book: the same contacts and groups.
    const exported = await testApp.app.inject({ method: 'GET', url: '/api/contacts/export?lang=lv', headers: owner });
    const imported = await upload(exported.rawPayload, receiver);
    expect(imported.body).toMatchObject({ totalRows: 9, incorrectRows: 0, imported: 9 });
    expect(await contactsOf(receiver)).toEqual(await contactsOf(owner));
    // Into the same book again: every row is a duplicate, nothing doubled.
    const again = await upload(exported.rawPayload, owner);
    expect(again.body).toMatchObject({ totalRows: 9, incorrectRows: 9, imported: 0 });
    expect(again.body.errors[0].code).toBe('DUPLICATE_CONTACT');
    expect((await request('GET', '/api/contacts', owner)).body['hydra:totalItems']).toBe(9);

    // A formula cell is refused at its cell, never evaluated.
    const withFormula = await workbookOf([
      person('Formula Cell', {
        email: { formula: 'HYPERLINK("http://evil.example","x")', result: 'x' } as ExcelJS.CellValue,
      }),
    ]);
    const formulaAnswer = await upload(withFormula, receiver);
    expect(formulaAnswer.body).toMatchObject({ totalRows: 1, incorrectRows: 1, imported: 0 });
    expect(formulaAnswer.body.errors[0]).toMatchObject({ row: 2, column: 'E-mail', code: 'FORMULA' });
  });

  it('exports a group or a selection', async () => {
    const groups = (await request('GET', '/api/contact_groups', owner)).body['hydra:member'];
    const group = await download(`/api/contacts/export?group=${groups[0].id}`);
    expect(group.actualRowCount).toBe(9);
    const ids = (await request('GET', '/api/contacts?itemsPerPage=2', owner)).body['hydra:member'].map(
      (c: { id: number }) => c.id,
    );
    expect((await download(`/api/contacts/export?ids=${ids.join(',')}`)).actualRowCount).toBe(3);
    // Another book's ids export nothing.
    expect((await download(`/api/contacts/export?ids=${ids.join(',')}`, receiver)).actualRowCount).toBe(1);
  });

  it('refuses files that are not XLSX workbooks, empty sheets and wrong headings with clear messages', async () => {
    const text = await upload(Buffer.from('name;phone\nAnna;29123456\n'));
    expect(text.status).toBe(400);
    expect(text.body.violations[0]).toMatchObject({
      propertyPath: 'file',
      message: 'The file is not an XLSX workbook.',
    });
    // A ZIP archive that is no workbook.
    const zip = new ExcelJS.Workbook();
    zip.addWorksheet('x');
    const notWorkbook = Buffer.from(await zip.xlsx.writeBuffer());
    const renamed = Buffer.from(
      notWorkbook.toString('binary').replaceAll('xl/workbook.xml', 'xl/workbooq.xml'),
      'binary',
    );
    expect((await upload(renamed)).status).toBe(400);
    expect((await upload(await workbookOf([]))).body.violations[0].message).toBe('The sheet has no rows to import.');
    const wrong = await upload(await workbookOf([['a', 'b']], ['Vārds', 'Something']));
    expect(wrong.status).toBe(422);
    expect(wrong.body.violations[0].code).toBe('WRONG_HEADINGS');
    const sqlLooking = await upload(await workbookOf([person("Robert'); DROP TABLE contacts;--")]), receiver);
    expect(sqlLooking.body).toMatchObject({ incorrectRows: 1, imported: 0 });
    const json = await testApp.app.inject({
      method: 'POST',
      url: '/api/contacts/import',
      headers: { ...owner, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(400);
  });

  it('refuses a zip bomb by its declared unpacked size and a sheet over the row limit, storing nothing', async () => {
    const bomb = await workbookOf([person('Bomb Person')]);
    // Declare a part of 300 MB in the central directory, as a zip bomb's would be.
    const entry = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(300 * 1024 * 1024, entry + 24);
    const bombAnswer = await upload(bomb, receiver);
    expect(bombAnswer.status).toBe(422);
    expect(bombAnswer.body.violations[0]).toMatchObject({ code: 'TOO_LARGE' });

    const rows = Array.from({ length: 10_001 }, (_, index) =>
      person('Many Rows', { phone: String(21_000_000 + index) }),
    );
    const tooMany = await upload(await workbookOf(rows), receiver);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.violations[0]).toMatchObject({
      code: 'TOO_MANY_ROWS',
      message: 'The file has more than 10000 rows.',
    });
    expect((await request('GET', '/api/contacts?search=bomb', receiver)).body['hydra:totalItems']).toBe(0);
  }, 60_000);
});
