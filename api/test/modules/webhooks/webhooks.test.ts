/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { eq } from 'drizzle-orm';
import { nextScan } from '../../../../infra/tracking-simulator/journey';
import { loadConfig } from '../../../src/config';
import { accounts, userAccounts } from '../../../src/modules/identity/schema';
import { JOB_POLICIES } from '../../../src/modules/jobs';
import { TRACKING_INGEST_SCOPE } from '../../../src/modules/tracking';
import { webhookDeliveries } from '../../../src/modules/webhooks/schema';
import { bearer, drainJobs, startTestApp, type TestApp } from '../../helpers';
import { testConfigSettings } from '../../templates/templates';
import { completed, type Headers, pressSandbox, requester, verifiedUser, workflowId } from '../orders/order-fixtures';
import { type ReceivedEvent, TestReceiver, verifySignature } from './receiver';

// Issue 20 item 3: a company's webhook receiver gets signed events of its shipments, in order per
// shipment, also after it was down or hung; delivery never holds up the request that caused it.

let testApp: TestApp;
const request = requester(() => testApp);
/**
 * The receiver's time limit: far above a loaded machine's local round trip (1 s failed once in a
 * clean-clone CI run with both cores busy); the hanging receiver's test waits it out once.
 */
const TIMEOUT_MS = 5000;

const mainAdmin = verifiedUser('hooks-main-admin');
const member = verifiedUser('hooks-member');
const outsider = verifiedUser('hooks-outsider');
const sortingSystem = bearer({ sub: 'sorting-system', scope: `openid ${TRACKING_INGEST_SCOPE}` });
let companyId: number;
let otherCompanyId: number;
let privateAccountId: number;
let parcelWorkflow: number;
const receiver = new TestReceiver();

const endpointsPath = (account = companyId) => `/api/accounts/${account}/webhook_endpoints`;
const asCompany = (headers: Headers, account = companyId) => ({ ...headers, 'x-account-id': String(account) });

async function userId(headers: Headers): Promise<number> {
  return (await request('POST', '/api/my-user', headers)).body.id as number;
}

async function company(name: string): Promise<number> {
  const [row] = await testApp.db.orm
    .insert(accounts)
    .values({ type: 'company', email: `${name}@company.test`, companyName: name, contractNumber: 'C-1' })
    .returning();
  return row?.id ?? 0;
}

beforeAll(async () => {
  testApp = await startTestApp({
    config: loadConfig({ ...testConfigSettings(), WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) }),
  });
  parcelWorkflow = await workflowId(testApp, 'parcel-lv-post-office-registered');
  const [adminId, memberId, outsiderId] = [await userId(mainAdmin), await userId(member), await userId(outsider)];
  companyId = await company('SIA Hooks');
  otherCompanyId = await company('SIA Elsewhere');
  await testApp.db.orm.insert(userAccounts).values([
    { userId: adminId, accountId: companyId, role: 'MAIN_ADMIN' },
    { userId: memberId, accountId: companyId, role: 'USER' },
    { userId: outsiderId, accountId: otherCompanyId, role: 'MAIN_ADMIN' },
  ]);
  const privateAccount = await request('POST', '/api/accounts', member, { type: 'private' });
  privateAccountId = privateAccount.body.id;
  await receiver.start();
}, 60_000);
afterAll(async () => {
  receiver.releaseHeld();
  await testApp?.close();
  await receiver.stop();
});

/** Delivery attempts with this outcome counted so far in /metrics (portal_webhook_deliveries_total). */
async function attemptsCounted(outcome: 'delivered' | 'retrying' | 'failed'): Promise<number> {
  const body = (await testApp.app.inject({ url: '/metrics' })).body;
  return Number(new RegExp(`^portal_webhook_deliveries_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(body)?.[1]);
}

/** A parcel ordered and paid by the company's main administrator for the company: its S10 number. */
async function paidCompanyShipment(): Promise<string> {
  const headers = asCompany(mainAdmin);
  const created = await request('POST', '/api/orders', headers, completed(parcelWorkflow));
  expect(created.status).toBe(201);
  const started = await request('POST', `${created.body['@id']}/payments`, headers, {});
  expect(started.status).toBe(201);
  expect((await pressSandbox(() => testApp, started.body.redirectUrl, 'pay')).status).toBe(303);
  const order = await request('GET', created.body['@id'], headers);
  return order.body.orderLines[0].barcode as string;
}

let scanMinutes = 0;
/** One step of the tracking simulator (infra/tracking-simulator) for this shipment: read its pre-advice, post its next scan. */
async function simulatorStep(number: string): Promise<{ answeredInMs: number }> {
  const advice = await request('GET', `/api/tracking/in-progress?number=${number}`, sortingSystem);
  expect(advice.status).toBe(200);
  // Scans a minute apart, in the recent past (the simulator stamps them with its clock).
  const scan = nextScan(advice.body['hydra:member'][0], new Date(Date.now() - 3_600_000 + ++scanMinutes * 60_000));
  expect(scan).not.toBeNull();
  const started = performance.now();
  const answer = await request('POST', '/api/tracking/events', sortingSystem, { events: [scan] });
  const answeredInMs = performance.now() - started;
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ stored: 1, flagged: [], rejected: [] });
  return { answeredInMs };
}

async function createEndpoint(url = receiver.url, events = ['shipment.status_changed', 'order.paid']) {
  const created = await request('POST', endpointsPath(), mainAdmin, { url, events });
  expect(created.status).toBe(201);
  return created.body as { id: number; secret: string; '@id': string };
}

async function deliveriesOf(endpointId: number) {
  const answer = await request('GET', `${endpointsPath()}/${endpointId}/deliveries`, mainAdmin);
  expect(answer.status).toBe(200);
  return answer.body['hydra:member'] as {
    id: number;
    eventId: string;
    shipmentNumber: string;
    shipmentStatus: string;
    status: string;
    attempts: { statusCode: number | null; error: string | null; durationMs: number }[];
  }[];
}

const eventsOf = (number: string): ReceivedEvent[] =>
  receiver.events.filter((event) => event.data.shipmentNumber === number);

describe('managing endpoints', () => {
  it('lets only the company account’s main administrator manage them; anything else is 401, 403 or 404', async () => {
    const body = { url: receiver.url, events: ['order.paid'] };
    expect((await request('GET', endpointsPath(), {})).status).toBe(401);
    expect((await request('GET', endpointsPath(), outsider)).status).toBe(404);
    expect((await request('POST', endpointsPath(), outsider, body)).status).toBe(404);
    expect((await request('GET', endpointsPath(), member)).status).toBe(403);
    expect((await request('POST', endpointsPath(), member, body)).status).toBe(403);
    // A private account's owner is its main administrator, but webhooks are for companies.
    expect((await request('GET', endpointsPath(privateAccountId), member)).status).toBe(403);
    expect((await request('GET', endpointsPath(999_999), mainAdmin)).status).toBe(404);
    expect((await request('GET', '/api/accounts/x/webhook_endpoints', mainAdmin)).status).toBe(400);

    const created = await createEndpoint(receiver.url, ['order.paid']);
    expect(created).toMatchObject({ url: receiver.url, events: ['order.paid'] });
    expect(created.secret).toMatch(/^whsec_[\w-]{43}$/);
    const listed = await request('GET', endpointsPath(), mainAdmin);
    expect(listed.body['hydra:member']).toEqual([
      {
        '@id': created['@id'],
        id: created.id,
        url: receiver.url,
        events: ['order.paid'],
        createdAt: expect.any(String),
      },
    ]);
    // The secret is shown once: never in the list.
    expect(JSON.stringify(listed.body)).not.toContain(created.secret);

    // Another account's endpoint is not found, whichever account the caller names.
    const theirs = `${endpointsPath(otherCompanyId)}/${created.id}`;
    expect((await request('DELETE', theirs, outsider)).status).toBe(404);
    expect((await request('DELETE', `${endpointsPath()}/${created.id}`, outsider)).status).toBe(404);
    expect((await request('GET', `${endpointsPath(otherCompanyId)}/${created.id}/deliveries`, outsider)).status).toBe(
      404,
    );
    expect((await request('DELETE', `${endpointsPath()}/${created.id}`, member)).status).toBe(403);
    expect((await request('DELETE', `${endpointsPath()}/${created.id}`, mainAdmin)).status).toBe(204);
    expect((await request('DELETE', `${endpointsPath()}/${created.id}`, mainAdmin)).status).toBe(404);
  });

  it('answers bad bodies with violations beside the fields', async () => {
    const post = (body: unknown) => request('POST', endpointsPath(), mainAdmin, body);
    const bad = await post({ url: 'not a url', events: [] });
    expect(bad.status).toBe(422);
    expect(bad.body.violations).toEqual([
      { propertyPath: 'url', message: 'This value is not a valid URL.', code: 'INVALID_URL' },
      { propertyPath: 'events', message: 'Choose at least one event.', code: 'NO_EVENTS' },
    ]);
    const unknown = await post({ url: receiver.url, events: ['shipment.lost'] });
    expect(unknown.body.violations).toEqual([
      { propertyPath: 'events', message: 'The value you selected is not a valid choice.', code: 'INVALID_EVENT' },
    ]);
    expect((await post({ url: 'ftp://example.com/x', events: ['order.paid'] })).status).toBe(422);
    expect((await post({ url: 'https://user:pw@example.com/x', events: ['order.paid'] })).status).toBe(422);
    expect((await post({ url: `https://example.com/${'x'.repeat(3000)}`, events: ['order.paid'] })).status).toBe(422);
    expect((await post({ url: 5, events: 'order.paid' })).status).toBe(422);
    expect((await post({ url: receiver.url, events: ['order.paid'], secret: 'mine' })).status).toBe(422);
  });
});

describe('with an API key', () => {
  it('a key with the webhooks scope manages its own company’s endpoints only; other keys are refused', async () => {
    const keyOf = async (scopes: string[]) => {
      const created = await request('POST', `/api/accounts/${companyId}/api_keys`, mainAdmin, {
        name: 'hooks',
        scopes,
      });
      expect(created.status).toBe(201);
      return { authorization: `Bearer ${created.body.key}` };
    };
    const hooksKey = await keyOf(['webhooks']);
    const made = await request('POST', endpointsPath(), hooksKey, { url: receiver.url, events: ['order.paid'] });
    expect(made.status).toBe(201);
    expect(made.body.secret).toMatch(/^whsec_/);
    const listed = await request('GET', endpointsPath(), hooksKey);
    expect(listed.status).toBe(200);
    expect(listed.body['hydra:member'].map((endpoint: { id: number }) => endpoint.id)).toContain(made.body.id);
    expect((await request('GET', endpointsPath(otherCompanyId), hooksKey)).status).toBe(404);
    expect((await request('DELETE', `${endpointsPath()}/${made.body.id}`, hooksKey)).status).toBe(204);
    const shipKey = await keyOf(['ship']);
    const refused = await request('GET', endpointsPath(), shipKey);
    expect(refused.status).toBe(403);
    expect(refused.body.violations[0].code).toBe('API_KEY_SCOPE_MISSING');
  });
});

describe('deliveries', () => {
  let endpoint: { id: number; secret: string };

  beforeAll(async () => {
    endpoint = await createEndpoint();
    receiver.secret = endpoint.secret;
  });

  it('sends signed events of a shipment moved by the tracking simulator, in order, without personal data', async () => {
    const number = await paidCompanyShipment();
    for (let step = 0; step < 3; step++) await simulatorStep(number);
    await drainJobs(testApp);
    expect(eventsOf(number)).toHaveLength(4);
    const events = eventsOf(number);
    expect(events.map((event) => event.type)).toEqual([
      'order.paid',
      'shipment.status_changed',
      'shipment.status_changed',
      'shipment.status_changed',
    ]);
    expect(events.map((event) => event.data.status)).toEqual(['paid', 'transferred', 'processed', 'sent']);
    expect(events[1]?.data).toEqual({
      shipmentNumber: number,
      status: 'transferred',
      previousStatus: 'paid',
      statusDate: expect.any(String),
      orderKey: expect.any(String),
    });
    expect(Object.keys(events[0] ?? {}).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
    expect(new Set(events.map((event) => event.id)).size).toBe(4);
    // Every request was signed with this endpoint's secret; another secret does not verify it.
    const sent = receiver.requests.filter((request) => request.body.includes(number));
    expect(sent.every((request) => request.verified)).toBe(true);
    expect(verifySignature(sent[0]?.signature, sent[0]?.body ?? '', 'whsec_another')).toBe(false);
    // A recorded delivery played back later is refused by its time.
    expect(verifySignature(sent[0]?.signature, sent[0]?.body ?? '', endpoint.secret, Date.now() + 600_000)).toBe(false);
    const listed = (await deliveriesOf(endpoint.id)).filter((delivery) => delivery.shipmentNumber === number);
    expect(listed.map((delivery) => delivery.status)).toEqual(['delivered', 'delivered', 'delivered', 'delivered']);
    expect(listed[0]?.attempts).toEqual([
      { at: expect.any(String), durationMs: expect.any(Number), statusCode: 204, error: null },
    ]);
    // Counted for the metrics (issue 35: the delivery-failure alert).
    expect(await attemptsCounted('delivered')).toBeGreaterThanOrEqual(4);
  });

  it('keeps the events while the receiver is down and sends them in order once it is back', async () => {
    const number = await paidCompanyShipment();
    await drainJobs(testApp);
    expect(eventsOf(number)).toHaveLength(1);
    const port = receiver.port;
    await receiver.stop();
    await simulatorStep(number);
    await simulatorStep(number);
    await drainJobs(testApp);
    const [laterDown, earlierDown] = (await deliveriesOf(endpoint.id)).filter(
      (delivery) => delivery.shipmentNumber === number,
    );
    expect(earlierDown?.status).toBe('pending');
    expect(earlierDown?.attempts).toEqual([
      {
        at: expect.any(String),
        durationMs: expect.any(Number),
        statusCode: null,
        error: 'The receiver could not be reached.',
      },
    ]);
    // The later event of the shipment waits for the earlier one: not tried yet.
    expect(laterDown).toMatchObject({ status: 'pending', attempts: [] });
    expect(await attemptsCounted('retrying')).toBeGreaterThanOrEqual(1);
    await receiver.start(port);
    // The back-off over: the earlier one goes, then the later one.
    await drainJobs(testApp, { includeDelayed: true });
    expect(eventsOf(number).map((event) => event.data.status)).toEqual(['paid', 'transferred', 'processed']);
    const [later, earlier] = (await deliveriesOf(endpoint.id)).filter((delivery) => delivery.shipmentNumber === number);
    expect(earlier?.attempts.map((attempt) => attempt.statusCode)).toEqual([null, 204]);
    expect(later?.attempts.map((attempt) => attempt.statusCode)).toEqual([204]);
  });

  it('answers the request that caused an event before a hanging receiver answers; the hang is a timed-out attempt, nothing is lost', async () => {
    const number = await paidCompanyShipment();
    await drainJobs(testApp);
    expect(eventsOf(number)).toHaveLength(1);
    receiver.mode = 'hang';
    const { answeredInMs } = await simulatorStep(number);
    // The scan was stored and answered: its delivery is a job for later.
    expect(answeredInMs).toBeLessThan(TIMEOUT_MS);
    const draining = drainJobs(testApp);
    await receiver.nextHeld();
    // The settings page reads the deliveries while the receiver holds the delivery, and is answered at once.
    const started = performance.now();
    await deliveriesOf(endpoint.id);
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS);
    await draining;
    const [hung] = (await deliveriesOf(endpoint.id)).filter((delivery) => delivery.shipmentNumber === number);
    expect(hung?.status).toBe('pending');
    expect(hung?.attempts).toEqual([
      {
        at: expect.any(String),
        durationMs: expect.any(Number),
        statusCode: null,
        error: 'The receiver did not answer in time.',
      },
    ]);
    expect(hung?.attempts[0]?.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    receiver.releaseHeld();
    receiver.mode = 'ok';
    await drainJobs(testApp, { includeDelayed: true });
    expect(eventsOf(number)).toHaveLength(2);
    expect(eventsOf(number)[1]?.data.status).toBe('transferred');
  });

  it('sends a delivery again on request, with the same event id, and gives up after the declared retries', async () => {
    const number = await paidCompanyShipment();
    await drainJobs(testApp);
    expect(eventsOf(number)).toHaveLength(1);
    const [paid] = (await deliveriesOf(endpoint.id)).filter((delivery) => delivery.shipmentNumber === number);
    const resendPath = `${endpointsPath()}/${endpoint.id}/deliveries/${paid?.id}/resend`;
    expect((await request('POST', resendPath, member)).status).toBe(403);
    expect(
      (await request('POST', `${endpointsPath(otherCompanyId)}/${endpoint.id}/deliveries/${paid?.id}/resend`, outsider))
        .status,
    ).toBe(404);
    expect(
      (await request('POST', `${endpointsPath()}/${endpoint.id}/deliveries/999999/resend`, mainAdmin)).status,
    ).toBe(404);
    const resent = await request('POST', resendPath, mainAdmin);
    expect(resent.status).toBe(202);
    expect(resent.body).toMatchObject({
      eventId: paid?.eventId,
      status: 'pending',
      resentFrom: paid?.id,
      attempts: [],
    });
    await drainJobs(testApp);
    expect(eventsOf(number)).toHaveLength(2);
    expect(eventsOf(number).map((event) => event.id)).toEqual([paid?.eventId, paid?.eventId]);

    // A receiver that keeps failing: the delivery is tried with back-off, then given up after the
    // retries its policy declares (about a day: modules/jobs/policies.ts).
    receiver.mode = 'error';
    await simulatorStep(number);
    await drainJobs(testApp);
    const [failing] = await deliveriesOf(endpoint.id);
    expect(failing?.attempts.map((attempt) => attempt.statusCode)).toEqual([500]);
    const { retryLimit } = JOB_POLICIES['webhooks.deliver'];
    for (let retry = 1; retry <= retryLimit; retry += 1) await drainJobs(testApp, { includeDelayed: true });
    const [failed] = await deliveriesOf(endpoint.id);
    expect(failed).toMatchObject({ status: 'failed', shipmentStatus: 'transferred' });
    expect(failed?.attempts.map((attempt) => attempt.statusCode)).toEqual(Array(retryLimit + 1).fill(500));
    expect(await attemptsCounted('failed')).toBeGreaterThanOrEqual(1);
    expect(await drainJobs(testApp, { includeDelayed: true })).toBe(0);
    receiver.mode = 'ok';
    expect(
      (await request('POST', `${endpointsPath()}/${endpoint.id}/deliveries/${failed?.id}/resend`, mainAdmin)).status,
    ).toBe(202);
    await drainJobs(testApp);
    expect(eventsOf(number).map((event) => event.data.status)).toEqual(['paid', 'paid', 'transferred']);
  }, 60_000);

  it('queues nothing for an account without endpoints for the event, and deletes an endpoint’s queue with it', async () => {
    const paidOnly = await createEndpoint(receiver.url, ['order.paid']);
    const number = await paidCompanyShipment();
    await simulatorStep(number);
    // The deliveries are written by the webhooks' consumer of the domain events (its jobs).
    await drainJobs(testApp);
    const rows = await testApp.db.orm
      .select({ endpointId: webhookDeliveries.endpointId, type: webhookDeliveries.eventType })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.shipmentNumber, number));
    expect(rows.filter((row) => row.endpointId === paidOnly.id).map((row) => row.type)).toEqual(['order.paid']);
    expect((await request('DELETE', `${endpointsPath()}/${paidOnly.id}`, mainAdmin)).status).toBe(204);
    const left = await testApp.db.orm
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, paidOnly.id));
    expect(left).toEqual([]);
  });
});
