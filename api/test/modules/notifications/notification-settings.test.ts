/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { NOTIFIED_STATUSES } from '@portal/shared-contracts/account';
import { eq } from 'drizzle-orm';
import { memoryMailer } from '../../../src/modules/notifications';
import { notifications } from '../../../src/modules/notifications/schema';
import { TRACKING_INGEST_SCOPE } from '../../../src/modules/tracking';
import { bearer, drainJobs, startTestApp, type TestApp } from '../../helpers';
import { completed, type Headers, pressSandbox, requester, verifiedUser, workflowId } from '../orders/order-fixtures';

// The Settings tab (issue 13): which status changes notify and the e-mails' language, each user's
// own; the notifications module honours them, and the account's e-notification consent.

let testApp: TestApp;
const mailer = memoryMailer();
const request = requester(() => testApp);
const sortingSystem = bearer({ sub: 'settings-sorting', scope: `openid ${TRACKING_INGEST_SCOPE}` });
let parcelWorkflow: number;

beforeAll(async () => {
  testApp = await startTestApp({ mailer });
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
}, 60_000);
afterAll(() => testApp?.close());

async function signedUp(sub: string): Promise<{ headers: Headers; userId: number; accountId: number }> {
  const headers = verifiedUser(sub);
  const account = await request('POST', '/api/accounts', headers, { type: 'private' });
  expect(account.status).toBe(201);
  const user = await request('GET', '/api/my-user', headers);
  return { headers, userId: user.body.id, accountId: account.body.id };
}

const settingsPath = (userId: number) => `/api/users/${userId}/notification_settings`;

/** Orders and pays a domestic parcel that asked for e-notifications: its S10 number. */
async function paidShipment(headers: Headers): Promise<string> {
  const created = await request('POST', '/api/orders', headers, {
    ...completed(parcelWorkflow),
    eNotification: 'agree',
  });
  expect(created.status).toBe(201);
  const path = `/api/orders/${created.body.key ?? String(created.body['@id']).split('/').pop()}`;
  const started = await request('POST', `${path}/payments`, headers, {});
  expect((await pressSandbox(() => testApp, started.body.redirectUrl, 'pay')).status).toBe(303);
  return (await request('GET', path, headers)).body.orderLines[0].barcode as string;
}

let eventCounter = 0;
async function move(number: string, codes: string[]): Promise<void> {
  for (const [index, code] of codes.entries()) {
    const occurredAt = new Date(Date.UTC(2026, 10, 23, 8 + index)).toISOString();
    const event = { eventId: `s-${++eventCounter}`, shipmentNumber: number, code, occurredAt };
    const answer = await request('POST', '/api/tracking/events', sortingSystem, {
      events: [{ ...event, location: { name: 'Rīgas šķirošanas centrs', countryCode: 'LV' } }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.flagged).toEqual([]);
  }
  // The e-mails are jobs of the job engine: run, every entry of this shipment has its own.
  await drainJobs(testApp);
  const rows = await testApp.db.orm.select().from(notifications).where(eq(notifications.shipmentNumber, number));
  if (rows.some((row) => row.emailedAt === null)) throw new Error('the e-mails were not sent');
}

/** The messages as a reader sees them: quoted-printable bodies decoded. */
const mailsAbout = (number: string) =>
  mailer.sent
    .map((raw) =>
      Buffer.from(
        raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      ).toString('utf8'),
    )
    // The paid-order e-mail (the hand-over QR, modules/handover) names the shipment too: not a status e-mail.
    .filter((mail) => mail.includes(number) && !mail.includes('cid:handover-qr@portal'));

const statusesOf = async (number: string) =>
  (await testApp.db.orm.select().from(notifications).where(eq(notifications.shipmentNumber, number)))
    .map((row) => row.status)
    .sort();

let badUsers = 0;

describe('GET and PUT /api/users/{id}/notification_settings', () => {
  it('starts with every status change and both languages, and stores the choice', async () => {
    const { headers, userId } = await signedUp('settings-own');
    const initial = await request('GET', settingsPath(userId), headers);
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({
      '@id': settingsPath(userId),
      '@type': 'NotificationSettings',
      language: null,
      statuses: [...NOTIFIED_STATUSES],
    });
    const put = await request('PUT', settingsPath(userId), headers, {
      language: 'lv',
      statuses: ['delivered', 'transferred', 'delivered'],
    });
    expect(put.status).toBe(200);
    // Once each, in the list's order.
    expect(put.body).toMatchObject({ language: 'lv', statuses: ['transferred', 'delivered'] });
    expect((await request('GET', settingsPath(userId), headers)).body).toMatchObject({
      language: 'lv',
      statuses: ['transferred', 'delivered'],
    });
    const none = await request('PUT', settingsPath(userId), headers, { language: null, statuses: [] });
    expect(none.body).toMatchObject({ language: null, statuses: [] });
  });

  it.each([
    [{ language: 'de', statuses: [] }, 'language', 'Choose English or Latvian.'],
    [{ language: 'en', statuses: ['processed'] }, 'statuses[0]', 'The value you selected is not a valid choice.'],
    [{ language: 'en', statuses: ['delivered', 7] }, 'statuses[1]', 'The value you selected is not a valid choice.'],
    [{ language: 'en', statuses: 'delivered' }, 'statuses', 'The value you selected is not a valid choice.'],
    [{ language: 'en', statuses: [], eNotifications: 'agree' }, 'eNotifications', 'This field was not expected.'],
  ])('refuses %j on %s', async (body, path, message) => {
    const { headers, userId } = await signedUp(`settings-bad-${++badUsers}`);
    const answer = await request('PUT', settingsPath(userId), headers, body);
    expect(answer.status).toBe(422);
    expect(answer.body.violations).toEqual([expect.objectContaining({ propertyPath: path, message })]);
  });

  it("answers the same 404 for another user's settings as for a missing user, and 401 to visitors", async () => {
    const owner = await signedUp('settings-owner');
    const other = await signedUp('settings-other');
    expect(
      (await request('PUT', settingsPath(owner.userId), owner.headers, { language: 'en', statuses: ['delivered'] }))
        .status,
    ).toBe(200);
    const read = await request('GET', settingsPath(owner.userId), other.headers);
    const write = await request('PUT', settingsPath(owner.userId), other.headers, { language: 'lv', statuses: [] });
    const missing = await request('GET', settingsPath(99_999), other.headers);
    expect([read.status, write.status, missing.status]).toEqual([404, 404, 404]);
    expect(read.body['hydra:description']).toBe(missing.body['hydra:description']);
    expect((await request('GET', settingsPath(owner.userId))).status).toBe(401);
    expect((await request('GET', `/api/public/users/${owner.userId}/notification_settings`)).status).toBe(404);
    expect((await request('GET', settingsPath(owner.userId), owner.headers)).body).toMatchObject({
      language: 'en',
      statuses: ['delivered'],
    });
  });
});

describe('the notifications module honours the settings', () => {
  it('notifies only the chosen status changes, with e-mails in the chosen language', async () => {
    const { headers, userId } = await signedUp('settings-chooser');
    await request('PUT', settingsPath(userId), headers, { language: 'en', statuses: ['delivered'] });
    const number = await paidShipment(headers);
    await move(number, ['ACCEPTED_PARCEL_LOCKER', 'SORTED', 'READY_FOR_PICK_UP', 'DELIVERED']);
    expect(await statusesOf(number)).toEqual(['delivered']);
    const mails = mailsAbout(number);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Your shipment ${number} has been delivered.`);
    expect(mails[0]).not.toContain('Jūsu sūtījums');
  });

  it('notifies every status change in both languages for a user who never chose', async () => {
    const { headers } = await signedUp('settings-default');
    const number = await paidShipment(headers);
    await move(number, ['ACCEPTED_PARCEL_LOCKER', 'SORTED', 'READY_FOR_PICK_UP', 'DELIVERED']);
    expect(await statusesOf(number)).toEqual(['delivered', 'releasedForDelivery', 'transferred']);
    const delivered = mailsAbout(number).find((mail) => mail.includes('has been delivered')) ?? '';
    expect(delivered).toContain(`Jūsu sūtījums ${number} ir piegādāts.`);
  });

  it('sends nothing once the account withdrew its e-notification consent, though the order agreed', async () => {
    const { headers, accountId } = await signedUp('settings-withdrawn');
    const number = await paidShipment(headers);
    const patched = await request('PATCH', `/api/accounts/${accountId}`, headers, {
      contact: { eNotifications: 'disagree' },
    });
    expect(patched.status).toBe(200);
    await move(number, ['ACCEPTED_PARCEL_LOCKER', 'SORTED', 'READY_FOR_PICK_UP', 'DELIVERED']);
    expect(await statusesOf(number)).toEqual([]);
    expect(mailsAbout(number)).toEqual([]);
  });
});
