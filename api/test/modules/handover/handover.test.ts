/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */

import { readFileSync } from 'node:fs';
import { HANDOVER_REDEEM_SCOPE, HANDOVER_REFUSALS } from '@portal/shared-contracts/orders';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../../../src/config';
import { HandoverCodes } from '../../../src/modules/handover';
import { handovers } from '../../../src/modules/handover/schema';
import { memoryMailer } from '../../../src/modules/notifications';
import { orders } from '../../../src/modules/orders/schema';
import { TRACKING_INGEST_SCOPE } from '../../../src/modules/tracking';
import { bearer, drainJobs, startTestApp, type TestApp } from '../../helpers';
import { testConfigSettings } from '../../templates/templates';
import { completed, pressSandbox, requester, verifiedUser, workflowId } from '../orders/order-fixtures';

let testApp: TestApp;
const request = requester(() => testApp);
const mailer = memoryMailer();
const owner = verifiedUser('handover-owner');
const stranger = verifiedUser('handover-stranger');
const counter = bearer({ sub: 'counter-riga-1', scope: HANDOVER_REDEEM_SCOPE });
const otherCounter = bearer({ sub: 'locker-cesis-7', scope: HANDOVER_REDEEM_SCOPE });
let parcelWorkflow: number;

beforeAll(async () => {
  testApp = await startTestApp({ mailer, config: loadConfig(testConfigSettings()) });
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
  for (const user of [owner, stranger]) {
    expect((await request('POST', '/api/accounts', user, { type: 'private' })).status).toBe(201);
  }
}, 60_000);
afterAll(() => testApp?.close());

/** A paid order of the owner: its path (`/api/orders/{key}`) and S10 number. */
async function paidOrder(): Promise<{ path: string; number: string }> {
  const created = await request('POST', '/api/orders', owner, completed(parcelWorkflow));
  expect(created.status).toBe(201);
  const started = await request('POST', `${created.body['@id']}/payments`, owner, {});
  expect((await pressSandbox(() => testApp, started.body.redirectUrl, 'pay')).status).toBe(303);
  // The record is written by the `order.paid` event's hand-over job (modules/events).
  await drainJobs(testApp);
  const order = await request('GET', created.body['@id'], owner);
  return { path: created.body['@id'], number: order.body.orderLines[0].barcode };
}

async function codeOf(path: string): Promise<string> {
  const answer = await request('GET', `${path}/handover`, owner);
  expect(answer.status).toBe(200);
  return answer.body.code;
}

const redeem = (code: unknown, caller = counter) => request('POST', '/api/handover/redeem', caller, { code });

/** The e-mail about a shipment to an address, once the background jobs (the hand-over's e-mail) ran. */
async function mailTo(address: string, number: string): Promise<string> {
  await drainJobs(testApp);
  const mail = mailer.sent.find((message) => message.includes(`To: ${address}`) && message.includes(number));
  if (!mail) throw new Error(`no e-mail to ${address} about ${number}`);
  return mail;
}

describe('the hand-over code of a paid order', () => {
  it('is made when the order is paid, shown to its owner and e-mailed with its QR', async () => {
    const created = await request('POST', '/api/orders', owner, completed(parcelWorkflow));
    // Unpaid: no code.
    expect((await request('GET', `${created.body['@id']}/handover`, owner)).status).toBe(404);
    const started = await request('POST', `${created.body['@id']}/payments`, owner, {});
    await pressSandbox(() => testApp, started.body.redirectUrl, 'pay');
    const key = created.body['@id'].split('/').pop();
    const [order] = await testApp.db.orm.select().from(orders).where(eq(orders.key, key));
    const recordsOf = () =>
      testApp.db.orm
        .select()
        .from(handovers)
        .where(eq(handovers.orderId, order?.id ?? -1));
    // Paid: the `order.paid` event is committed with the payment; its hand-over job writes the record.
    expect(await recordsOf()).toHaveLength(0);
    await drainJobs(testApp);
    const rows = await testApp.db.orm
      .select()
      .from(handovers)
      .where(eq(handovers.orderId, order?.id ?? -1));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    // Valid for HANDOVER_VALID_DAYS (30 by default) from the payment.
    expect((row?.expiresAt.getTime() ?? 0) - (order?.paidAt?.getTime() ?? 0)).toBe(30 * 24 * 60 * 60 * 1000);

    const answer = await request('GET', `${created.body['@id']}/handover`, owner);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.body).toEqual({
      '@type': 'HandoverCode',
      code: expect.stringMatching(/^PH1\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/),
      qr: `${created.body['@id']}/handover/qr`,
      expiresAt: row?.expiresAt.toISOString(),
      redeemedAt: null,
    });
    // The code names the record and nothing else: no key, number, name or address in it.
    const barcode = (await request('GET', created.body['@id'], owner)).body.orderLines[0].barcode;
    for (const secret of [key, barcode, 'handover-owner', 'Cēsis']) expect(answer.body.code).not.toContain(secret);
    // Asked again: the same code (one per order).
    expect((await request('GET', `${created.body['@id']}/handover`, owner)).body.code).toBe(answer.body.code);

    const svg = await request('GET', answer.body.qr, owner);
    expect(svg.status).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(String(svg.body)).toMatch(/^<svg[^>]*viewBox/);
    const png = await testApp.app.inject({ method: 'GET', url: `${answer.body.qr}?format=png`, headers: owner });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    // The paid-order e-mail: both languages, the code as text, the QR as an inline picture.
    const mail = await mailTo('handover-owner@example.com', barcode);
    expect(mail).toMatch(/Subject: =\?UTF-8\?|Subject: J/);
    expect(mail).toContain('cid:handover-qr@portal');
    expect(mail).toMatch(/Content-Id: <handover-qr@portal>/i);
    expect(mail).toContain('Content-Type: image/png');
    expect(mail).toContain(answer.body.code);
    expect(mail).toContain('parcel locker or post office counter');
  });

  it('is another account’s order to nobody else: 404, on either twin', async () => {
    const { path } = await paidOrder();
    const publicPath = path.replace('/api/orders/', '/api/public/orders/');
    expect((await request('GET', `${path}/handover`, stranger)).status).toBe(404);
    expect((await request('GET', `${path}/handover/qr`, stranger)).status).toBe(404);
    expect((await request('GET', `${publicPath}/handover`)).status).toBe(404);
    expect((await request('GET', `${publicPath}/handover/qr?format=png`)).status).toBe(404);
    expect((await request('GET', `${path}/handover/qr?format=gif`, owner)).status).toBe(400);
  });
});

describe('orders paid before hand-over codes existed', () => {
  it('get theirs from the migration, which a counter redeems like any other', async () => {
    const { path } = await paidOrder();
    const key = path.split('/').pop() as string;
    const [order] = await testApp.db.orm.select().from(orders).where(eq(orders.key, key));
    await testApp.db.orm.delete(handovers).where(eq(handovers.orderId, order?.id ?? -1));
    expect((await request('GET', `${path}/handover`, owner)).status).toBe(404);
    // The migration's last statement: the codes of the paid orders already there.
    const migration = readFileSync(new URL('../../../drizzle/0035_handover-codes.sql', `file://${__filename}`), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1) as string;
    await testApp.db.orm.execute(
      sql.raw(
        `${backfill
          .replace(/^--.*$/gm, '')
          .trim()
          .replace(/;$/, '')} ON CONFLICT ("order_id") DO NOTHING`,
      ),
    );
    const code = await codeOf(path);
    const [row] = await testApp.db.orm
      .select()
      .from(handovers)
      .where(eq(handovers.orderId, order?.id ?? -1));
    expect(row?.mailedAt).not.toBeNull();
    expect((await redeem(code)).status).toBe(200);
  });
});

describe('POST /api/handover/redeem', () => {
  it('prints the labels once and refuses the code the second time', async () => {
    const { path } = await paidOrder();
    const code = await codeOf(path);
    const first = await testApp.app.inject({
      method: 'POST',
      url: '/api/handover/redeem',
      headers: { ...counter, 'content-type': 'application/json' },
      payload: JSON.stringify({ code }),
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const second = await redeem(code, otherCounter);
    expect(second.status).toBe(409);
    expect(second.body.violations).toEqual([expect.objectContaining({ propertyPath: 'code', code: 'HANDOVER_USED' })]);
    expect((await redeem(code)).status).toBe(409);

    // The owner sees when it was handed over; the record says which counter printed it.
    const seen = await request('GET', `${path}/handover`, owner);
    expect(seen.body.redeemedAt).toEqual(expect.any(String));
    const [row] = await testApp.db.orm
      .select()
      .from(handovers)
      .where(eq(handovers.redeemedAt, new Date(seen.body.redeemedAt)));
    expect(row?.redeemedBy).toBe('counter-riga-1');
  });

  it('refuses an expired code (410)', async () => {
    const { path } = await paidOrder();
    const code = await codeOf(path);
    const id = code.split('.')[1] as string;
    await testApp.db.orm
      .update(handovers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(handovers.id, id));
    const answer = await redeem(code);
    expect(answer.status).toBe(410);
    expect(answer.body.violations[0].code).toBe(HANDOVER_REFUSALS.expired);
    const [row] = await testApp.db.orm.select().from(handovers).where(eq(handovers.id, id));
    expect(row?.redeemedAt).toBeNull();
  });

  it('refuses forged, altered and unknown codes (404), and bodies that are not codes (422)', async () => {
    const { path } = await paidOrder();
    const code = await codeOf(path);
    const [version, id, signature] = code.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    const otherKey = new HandoverCodes('another-portal-s-secret-of-32-characters');
    const forgeries = [
      `${version}.${id}.${flipped}`, // signature altered
      otherKey.sign(id), // signed with another key
      new HandoverCodes(loadConfig(testConfigSettings()).handover.secret).sign('A'.repeat(22)), // well signed, no such record
      'https://example.com/not-a-code',
      `${code}x`,
    ];
    for (const forged of forgeries) {
      const answer = await redeem(forged);
      expect({ forged, status: answer.status }).toEqual({ forged, status: 404 });
      expect(answer.body.violations[0].code).toBe(HANDOVER_REFUSALS.unknown);
    }
    expect((await redeem('')).status).toBe(422);
    expect((await redeem(42)).status).toBe(422);
    expect((await redeem('x'.repeat(201))).status).toBe(422);
    // None of them spent the real code.
    expect((await redeem(code)).status).toBe(200);
  });

  it('is for the counters’ and lockers’ machine clients only (scope handover:redeem)', async () => {
    const { path } = await paidOrder();
    const code = await codeOf(path);
    expect((await request('POST', '/api/handover/redeem', {}, { code })).status).toBe(401);
    expect((await redeem(code, owner)).status).toBe(403);
    expect((await redeem(code, bearer({ sub: 'sorting-system', scope: TRACKING_INGEST_SCOPE }))).status).toBe(403);
    expect((await request('POST', '/api/public/handover/redeem', {}, { code })).status).toBe(404);
    // Refused callers spent nothing.
    expect((await redeem(code)).status).toBe(200);
  });

  it('gives the labels to one of two counters redeeming at the same moment', async () => {
    const { path } = await paidOrder();
    const code = await codeOf(path);
    const answers = await Promise.all([redeem(code), redeem(code, otherCounter), redeem(code)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
  });
});
