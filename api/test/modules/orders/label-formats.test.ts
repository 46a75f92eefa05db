/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { startTestApp, type TestApp } from '../../helpers';
import { completed, pressSandbox, requester, verifiedUser, workflowId } from './order-fixtures';

// Issue 20 item 4: the label in the format asked for (A6, A4, zpl), or else in the format the
// account chose as its default (PATCH /api/accounts/{id} labelFormat), A6 until it chooses one.

let testApp: TestApp;
let parcelWorkflow: number;
beforeAll(async () => {
  testApp = await startTestApp();
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
}, 60_000);
afterAll(() => testApp?.close());

const request = requester(() => testApp);

describe('label formats', () => {
  const ilze = verifiedUser('label-ilze');

  it('answers ZPL when asked, the account’s default when not, and nothing to others', async () => {
    const account = await request('POST', '/api/accounts', ilze, { type: 'private' });
    expect(account.status).toBe(201);
    expect(account.body.labelFormat).toBe('A6');
    const created = await request('POST', '/api/orders', ilze, completed(parcelWorkflow));
    expect(created.status).toBe(201);
    const iri = created.body['@id'] as string;
    const started = await request('POST', `${iri}/payments`, ilze, {});
    await pressSandbox(() => testApp, started.body.redirectUrl, 'pay');
    const barcode = (await request('GET', iri, ilze)).body.orderLines[0].barcode as string;

    // Asked for: ZPL, one label, as a .zpl text file.
    const zpl = await request('GET', `${iri}/documents/label?format=zpl`, ilze);
    expect(zpl.status).toBe(200);
    expect(zpl.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(zpl.headers['content-disposition']).toMatch(/^attachment; filename="label-zpl-[\w-]{8}\.zpl"$/);
    const text = String(zpl.body);
    expect(text.match(/\^XA/g)).toHaveLength(1);
    expect(text.match(/\^XZ/g)).toHaveLength(1);
    expect(text).toContain(`^BCN,200,N,N,N^FD${barcode}^FS`);
    expect(text).toContain('^PW812');

    // Not asked: A6 until the account chooses, then its choice.
    const before = await request('GET', `${iri}/documents/label`, ilze);
    expect(before.headers['content-type']).toBe('application/pdf');
    expect(before.headers['content-disposition']).toMatch(/filename="label-A6-[\w-]{8}\.pdf"/);
    const chosen = await request('PATCH', `/api/accounts/${account.body.id}`, ilze, { labelFormat: 'zpl' });
    expect(chosen.status).toBe(200);
    expect(chosen.body.labelFormat).toBe('zpl');
    expect((await request('GET', '/api/my-user', ilze)).body.userAccounts[0].account.labelFormat).toBe('zpl');
    const after = await request('GET', `${iri}/documents/label`, ilze);
    expect(after.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(String(after.body)).toContain(barcode);
    // A format asked for still wins over the default.
    expect((await request('GET', `${iri}/documents/label?format=A4`, ilze)).headers['content-type']).toBe(
      'application/pdf',
    );

    // A format that is none of the three: 400 on the route, 422 on the account.
    const bad = await request('GET', `${iri}/documents/label?format=ZPL2`, ilze);
    expect(bad.status).toBe(400);
    expect(bad.body.violations).toEqual([expect.objectContaining({ propertyPath: 'format' })]);
    const badDefault = await request('PATCH', `/api/accounts/${account.body.id}`, ilze, { labelFormat: 'A5' });
    expect(badDefault.status).toBe(422);
    expect(badDefault.body.violations).toEqual([
      expect.objectContaining({
        propertyPath: 'labelFormat',
        message: 'The value you selected is not a valid choice.',
      }),
    ]);

    // Another account's order is not found, in any format; nor can its default be changed.
    const other = verifiedUser('label-other');
    const otherAccount = await request('POST', '/api/accounts', other, { type: 'private' });
    for (const query of ['?format=zpl', '']) {
      expect((await request('GET', `${iri}/documents/label${query}`, other)).status).toBe(404);
    }
    expect((await request('PATCH', `/api/accounts/${account.body.id}`, other, { labelFormat: 'A4' })).status).toBe(404);
    expect(otherAccount.body.labelFormat).toBe('A6');
  }, 90_000);
});
