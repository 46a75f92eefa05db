/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { DomainEvents } from '../../../src/modules/events';
import { type Mailer, NotificationService } from '../../../src/modules/notifications';
import { notifications } from '../../../src/modules/notifications/schema';
import { TRACKING_INGEST_SCOPE } from '../../../src/modules/tracking';
import { TrackingService } from '../../../src/modules/tracking/service';
import { bearer, drainJobs, startTestApp, type TestApp } from '../../helpers';
import {
  botCheckHeader,
  completed,
  type Headers,
  pressSandbox,
  requester,
  verifiedUser,
  workflowId,
} from '../orders/order-fixtures';

let testApp: TestApp;
let mailDir: string;
const request = requester(() => testApp);
const sortingSystem = bearer({ sub: 'sorting-system', scope: `openid ${TRACKING_INGEST_SCOPE}` });
const agreeing = verifiedUser('agreeing-sender');
const disagreeing = verifiedUser('disagreeing-sender');
const stranger = verifiedUser('someone-else');
let parcelWorkflow: number;

beforeAll(async () => {
  // The development mailbox folder, as `npm start` uses it (MAIL_DIR), in a temporary folder.
  mailDir = await mkdtemp(join(tmpdir(), 'portal-mail-'));
  process.env.MAIL_DIR = mailDir;
  testApp = await startTestApp();
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
  for (const user of [agreeing, disagreeing, stranger]) {
    expect((await request('POST', '/api/accounts', user, { type: 'private' })).status).toBe(201);
  }
}, 60_000);
afterAll(async () => {
  await testApp?.close();
  delete process.env.MAIL_DIR;
  await rm(mailDir, { recursive: true, force: true });
});

/** Orders and pays a domestic parcel (`prefix` /api or /api/public): its S10 number. */
async function paidShipment(headers: () => Promise<Headers>, prefix: string, eNotification: string): Promise<string> {
  const created = await request('POST', `${prefix}/orders`, await headers(), {
    ...completed(parcelWorkflow),
    eNotification,
  });
  expect(created.status).toBe(201);
  const path = `${prefix}/orders/${created.body.key ?? String(created.body['@id']).split('/').pop()}`;
  const started = await request('POST', `${path}/payments`, await headers(), {});
  expect(started.status).toBe(201);
  expect((await pressSandbox(() => testApp, started.body.redirectUrl, 'pay')).status).toBe(303);
  const order = await request('GET', path, await headers());
  return order.body.orderLines[0].barcode as string;
}

let eventCounter = 0;
const scan = (shipmentNumber: string, code: string, occurredAt: string) => ({
  eventId: `n-${++eventCounter}`,
  shipmentNumber,
  code,
  occurredAt,
  location: { name: 'Rīgas šķirošanas centrs', countryCode: 'LV' },
});

/** Posts the scans one batch each, as the simulator does, and waits for the e-mails queued. */
async function move(number: string, codes: string[]): Promise<void> {
  for (const [index, code] of codes.entries()) {
    const time = new Date(Date.UTC(2026, 10, 23, 8 + index)).toISOString();
    const answer = await request('POST', '/api/tracking/events', sortingSystem, { events: [scan(number, code, time)] });
    expect(answer.status).toBe(200);
    expect(answer.body.flagged).toEqual([]);
  }
  await flushMail();
}

// The list entries are written before the ingestion answers; their e-mails are jobs of the job
// engine, run here to completion. Every test user has an e-mail address, so every entry has its
// `emailed_at` after.
async function flushMail(): Promise<void> {
  await drainJobs(testApp);
  const rows = await testApp.db.orm.select({ emailedAt: notifications.emailedAt }).from(notifications);
  if (rows.some((row) => row.emailedAt === null)) throw new Error('the e-mails were not sent');
}

/** The message as a reader sees it: quoted-printable bodies decoded (headers stay encoded). */
const decodeQuotedPrintable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

async function mailsAbout(number: string): Promise<string[]> {
  const files = (await readdir(mailDir)).filter((name) => name.endsWith('.eml')).sort();
  const texts = await Promise.all(
    files.map(async (name) => decodeQuotedPrintable(await readFile(join(mailDir, name), 'utf8'))),
  );
  // The paid-order e-mail (the hand-over QR, modules/handover) names the shipment too: not a status e-mail.
  return texts.filter((text) => text.includes(number) && !text.includes('cid:handover-qr@portal'));
}

describe('progress notifications', () => {
  it('e-mails an agreeing registered sender on chosen status changes and lists them newest first', async () => {
    const number = await paidShipment(async () => agreeing, '/api', 'agree');
    await move(number, ['ACCEPTED_PARCEL_LOCKER', 'SORTED', 'READY_FOR_PICK_UP', 'DELIVERED']);

    // SORTED (processed) is not one of the notified changes.
    const mails = await mailsAbout(number);
    expect(mails).toHaveLength(3);
    const delivered = mails.find((mail) => mail.includes('has been delivered')) ?? '';
    expect(delivered).toMatch(/^To: agreeing-sender@example\.com$/m);
    expect(delivered).toContain(`Follow it: http://127.0.0.1:8080/track?number=${number}`);
    // Latvian first, then English: the portal does not know the user's language.
    const latvian = delivered.indexOf(`Jūsu sūtījums ${number} ir piegādāts.`);
    expect(latvian).toBeGreaterThan(0);
    expect(delivered.indexOf(`Your shipment ${number} has been delivered.`)).toBeGreaterThan(latvian);
    expect(
      mails.some((mail) => mail.includes(`Your shipment ${number} is out for delivery or ready for pick-up.`)),
    ).toBe(true);

    const list = await request('GET', '/api/notifications', { ...agreeing, 'accept-language': 'lv' });
    expect(list.status).toBe(200);
    expect(list.body['hydra:totalItems']).toBe(3);
    expect(list.body['hydra:member'].map((entry: { status: string }) => entry.status)).toEqual([
      'delivered',
      'releasedForDelivery',
      'transferred',
    ]);
    expect(list.body['hydra:member'][0]).toMatchObject({
      shipmentNumber: number,
      previousStatus: 'releasedForDelivery',
      text: `Jūsu sūtījums ${number} ir piegādāts.`,
      link: `/track?number=${number}`,
      readAt: null,
    });

    const paged = await request('GET', '/api/notifications?itemsPerPage=2&page=2', agreeing);
    expect(paged.body['hydra:member']).toHaveLength(1);
    expect(paged.body['hydra:view']['hydra:previous']).toBe('/api/notifications?itemsPerPage=2&page=1');
  });

  it('lets only the owner mark a notification read', async () => {
    const list = await request('GET', '/api/notifications', agreeing);
    const first = list.body['hydra:member'][0];
    expect((await request('POST', `${first['@id']}/read`, stranger)).status).toBe(404);
    expect((await request('POST', `${first['@id']}/read`, {})).status).toBe(401);
    expect((await request('GET', '/api/notifications', stranger)).body['hydra:totalItems']).toBe(0);
    expect((await request('GET', '/api/notifications', {})).status).toBe(401);
    expect((await request('GET', '/api/public/notifications', {})).status).toBe(404);

    const read = await request('POST', `${first['@id']}/read`, agreeing);
    expect(read.status).toBe(200);
    expect(read.body.readAt).not.toBeNull();
    // Again: still read, at the first time.
    expect((await request('POST', `${first['@id']}/read`, agreeing)).body.readAt).toBe(read.body.readAt);
    expect((await request('POST', '/api/notifications/999999/read', agreeing)).status).toBe(404);
  });

  it('refuses bad ids and paging with violations, not errors', async () => {
    expect((await request('POST', '/api/notifications/abc/read', agreeing)).status).toBe(400);
    expect((await request('POST', '/api/notifications/99999999999/read', agreeing)).status).toBe(400);
    // Fastify refuses path parameters over its length limit before any route runs.
    expect((await request('POST', `/api/notifications/${'9'.repeat(10_000)}/read`, agreeing)).status).toBe(414);
    for (const query of ['page=0', 'itemsPerPage=1000', "page=1'%20or%201=1", 'unknown=1']) {
      expect((await request('GET', `/api/notifications?${query}`, agreeing)).status).toBe(400);
    }
  });

  it('sends nothing to a sender who disagreed, nor to a visitor', async () => {
    const disagreed = await paidShipment(async () => disagreeing, '/api', 'disagree');
    const visitors = await paidShipment(() => botCheckHeader(() => testApp), '/api/public', 'agree');
    await move(disagreed, ['ACCEPTED_POST_OFFICE', 'SORTED', 'READY_FOR_PICK_UP']);
    await move(visitors, ['ACCEPTED_POST_OFFICE', 'SORTED', 'READY_FOR_PICK_UP']);
    expect(await mailsAbout(disagreed)).toEqual([]);
    expect(await mailsAbout(visitors)).toEqual([]);
    expect((await request('GET', '/api/notifications', disagreeing)).body['hydra:totalItems']).toBe(0);
    const rows = await testApp.db.orm.select().from(notifications);
    expect(rows.filter((row) => [disagreed, visitors].includes(row.shipmentNumber))).toEqual([]);
  });
});

describe('when e-mail fails', () => {
  it('still stores the scans and the list entry, and logs the failure', async () => {
    const number = await paidShipment(async () => agreeing, '/api', 'agree');
    const errors: string[] = [];
    const logger = { error: (_details: object, message: string) => errors.push(message) };
    const broken: Mailer = {
      description: 'broken',
      send: async () => {
        throw new Error('SMTP server unreachable');
      },
    };
    // Its jobs are handled by this service from now on (the last test of the file): it consumes the
    // status changes this outbox publishes.
    const service = new NotificationService(testApp.db.orm, {
      mailer: broken,
      portalUrl: 'https://x.test',
      jobs: testApp.app.jobEngine,
      logger,
    });
    const events = new DomainEvents(testApp.app.jobEngine);
    events.subscribe(service.consumer());
    const tracking = new TrackingService(testApp.db.orm, { events, logger });
    const result = await tracking.ingest('sorting-system', [
      scan(number, 'ACCEPTED_PARCEL_LOCKER', '2026-11-25T08:00:00Z'),
    ]);
    expect(result).toMatchObject({ stored: 1, flagged: [], rejected: [] });
    await drainJobs(testApp);
    expect(errors).toEqual(['notifications: the e-mail of a status change was not sent']);
    const [row] = await testApp.db.orm.select().from(notifications).where(eq(notifications.shipmentNumber, number));
    expect(row).toMatchObject({ status: 'transferred', emailedAt: null });

    // A consumer that throws holds up nothing: the batch is stored, its job waits for a retry.
    const failing = new DomainEvents(testApp.app.jobEngine);
    failing.subscribe({
      kind: 'notifications.status-changed',
      keyOf: (event) => event.aggregateId,
      on: {
        'shipment.status_changed': async () => {
          throw new Error('consumer broke');
        },
      },
    });
    const next = await new TrackingService(testApp.db.orm, { events: failing, logger }).ingest('sorting-system', [
      scan(number, 'SORTED', '2026-11-25T12:00:00Z'),
    ]);
    expect(next).toMatchObject({ stored: 1, flagged: [] });
    await drainJobs(testApp);
    const jobs = await testApp.app.jobEngine.jobsOf('notifications.status-changed');
    expect(jobs.at(-1)).toMatchObject({ state: 'retry' });
  });
});
