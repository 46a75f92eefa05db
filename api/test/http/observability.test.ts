/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { Writable } from 'node:stream';
import { loadConfig } from '../../src/config';
import { PRODUCTION_SETTINGS } from '../config/production-settings';
import { heldPass } from '../held-pass';
import { drainJobs, startTestApp, type TestApp } from '../helpers';
import {
  completed,
  domesticParcel,
  pressSandbox,
  requester,
  verifiedUser,
  workflowId,
} from '../modules/orders/order-fixtures';

// Issue 17 item 5: a request id in every answer and log line (the caller's when plausible),
// Prometheus metrics by route template, and the browser's error reports in the log.

const lines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

/** The app's clock while a test holds it (the scheduled jobs' slots); otherwise the machine's. */
let clock: Date | undefined;
let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ logger: { level: 'info', stream: logStream }, now: () => clock ?? new Date() });
});
afterAll(() => testApp.close());

describe('request ids', () => {
  it('answers with the id the caller sent, and logs the request under it', async () => {
    const response = await testApp.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'browser-call-123456' },
    });
    expect(response.headers['x-request-id']).toBe('browser-call-123456');
    expect(lines.some((line) => line.reqId === 'browser-call-123456')).toBe(true);
  });

  it.each([
    ['too short', 'abc'],
    ['a forged log line', 'abcdefgh\n{"level":60}'],
    ['too long', 'a'.repeat(129)],
  ])('makes its own id when the sent one is %s', async (_why, sent) => {
    const response = await testApp.app.inject({ url: '/api/health', headers: { 'x-request-id': sent } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives two calls without an id two different ids', async () => {
    const first = await testApp.app.inject({ url: '/api/health' });
    const second = await testApp.app.inject({ url: '/api/health' });
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});

describe('GET /metrics', () => {
  it('counts requests by method, route template and status, with latency histograms', async () => {
    await testApp.app.inject({ url: '/api/public/countries/LV' });
    await testApp.app.inject({ url: '/api/public/countries/EE' });
    await testApp.app.inject({ url: '/api/public/countries/XX' });
    const response = await testApp.app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const body = response.body;
    // One series per route template, not per URL: the two found countries are one series.
    expect(body).toMatch(
      /http_requests_total\{method="GET",route="\/api\/public\/countries\/:code",status_code="200"\} 2\n/,
    );
    expect(body).toMatch(
      /http_requests_total\{method="GET",route="\/api\/public\/countries\/:code",status_code="404"\} 1\n/,
    );
    expect(body).not.toContain('/api/public/countries/LV');
    expect(body).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/health"/);
    expect(body).toContain('process_cpu_user_seconds_total');
    expect(body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts the orders saved and the orders paid, once each, as they commit', async () => {
    const counted = async () => {
      const body = (await testApp.app.inject({ url: '/metrics' })).body;
      const count = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(body)?.[1]);
      return { created: count('portal_orders_created_total'), paid: count('portal_orders_paid_total') };
    };
    const before = await counted();
    const request = requester(() => testApp);
    const user = verifiedUser('metrics-payer');
    expect((await request('POST', '/api/accounts', user, { type: 'private' })).status).toBe(201);
    const workFlow = await workflowId(testApp, 'parcel-lv-post-office-registered');
    const created = await request('POST', '/api/orders', user, completed(workFlow));
    expect(created.status).toBe(201);
    // A refused order (nothing saved: no such product) is not counted.
    const unknownProduct = domesticParcel(999_999);
    expect((await request('POST', '/api/orders', user, unknownProduct)).status).toBe(422);
    expect(await counted()).toEqual({ created: before.created + 1, paid: before.paid });

    const started = await request('POST', `${created.body['@id']}/payments`, user, {});
    expect(started.status).toBe(201);
    await pressSandbox(() => testApp, started.body.redirectUrl as string, 'pay');
    expect((await request('GET', created.body['@id'] as string, user)).body.status).toBe('paid');
    expect(await counted()).toEqual({ created: before.created + 1, paid: before.paid + 1 });
  });

  it('counts the scheduled jobs’ turns by outcome and times the passes', async () => {
    const metric = async (pattern: string) => {
      const body = (await testApp.app.inject({ url: '/metrics' })).body;
      return Number(new RegExp(`^${pattern} (\\d+)$`, 'm').exec(body)?.[1] ?? 0);
    };
    // A job of the app's scheduler on the app's clock: its first slot's pass runs until the next
    // slot has come (skipped: a run is under way); the slot after that fails.
    clock = new Date('2031-04-01T00:00:00Z');
    const first = heldPass();
    let calls = 0;
    testApp.app.jobs.add({
      name: 'metrics-job',
      intervalMs: 60_000,
      pass: async () => {
        calls++;
        if (calls === 1) return first.pass();
        throw new Error('the endpoint is down');
      },
    });
    const slot = async () => {
      await testApp.app.jobs.check();
      clock = new Date((clock?.getTime() ?? 0) + 60_000);
    };
    await slot();
    const held = drainJobs(testApp);
    await first.begun;
    await slot();
    first.finish();
    await held;
    await slot();
    await drainJobs(testApp);
    clock = undefined;
    expect(calls).toBe(2);
    expect(await metric('portal_job_turns_total\\{job="metrics-job",outcome="ran"\\}')).toBe(1);
    expect(await metric('portal_job_turns_total\\{job="metrics-job",outcome="skipped"\\}')).toBe(1);
    expect(await metric('portal_job_turns_total\\{job="metrics-job",outcome="failed"\\}')).toBe(1);
    expect(await metric('portal_job_duration_seconds_count\\{job="metrics-job"\\}')).toBe(2);
  });

  it('puts paths no route matched in one series', async () => {
    await testApp.app.inject({ url: '/api/no-such-thing-1' });
    await testApp.app.inject({ url: '/api/no-such-thing-2' });
    const body = (await testApp.app.inject({ url: '/metrics' })).body;
    expect(body).toMatch(/http_requests_total\{method="GET",route="unmatched",status_code="404"\} 2\n/);
    expect(body).not.toContain('no-such-thing');
  });
});

describe('GET /metrics with a token (production serves them only so)', () => {
  let secured: TestApp;
  beforeAll(async () => {
    secured = await startTestApp({
      config: loadConfig({
        ...process.env,
        RATE_LIMIT: 'off',
        DOCUMENT_WORKERS: '0',
        METRICS_TOKEN: 'scraper-token-0123456789',
      }),
    });
  });
  afterAll(() => secured.close());

  it.each([
    ['no token', {}],
    ['another token', { authorization: 'Bearer scraper-token-9876543210' }],
    ['a shorter token', { authorization: 'Bearer scraper' }],
  ])('refuses %s with 401', async (_what, headers) => {
    const response = await secured.app.inject({ url: '/metrics', headers });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('http_requests_total');
  });

  it('answers the scraper that sends the token', async () => {
    const response = await secured.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer scraper-token-0123456789' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('http_requests_total');
  });
});

it('production without METRICS_TOKEN serves no metrics; METRICS=off none anywhere', () => {
  const production = loadConfig(PRODUCTION_SETTINGS);

  expect(production.metrics.enabled).toBe(false);
  expect(loadConfig({ METRICS: 'off' }).metrics.enabled).toBe(false);
  expect(loadConfig({}).metrics).toEqual({ enabled: true, token: undefined });
});

describe('POST /api/public/client-errors', () => {
  it('logs a remote that failed to load as a warning with the request id, without the query string', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/public/client-errors',
      headers: { 'x-request-id': 'report-call-000001', 'user-agent': 'test-browser' },
      payload: {
        kind: 'remote-load',
        remote: 'mf-map',
        message: 'Loading script failed',
        page: '/postal-network?search=Anna%20Berzina',
      },
    });
    expect(response.statusCode).toBe(202);
    const logged = lines.find((line) => line.reqId === 'report-call-000001' && line.clientError);
    expect(logged).toMatchObject({
      level: 40,
      clientError: { kind: 'remote-load', remote: 'mf-map', page: '/postal-network', userAgent: 'test-browser' },
    });
    expect(JSON.stringify(logged)).not.toContain('Anna');
  });

  it.each([
    ['an unknown kind', { kind: 'other', message: 'x', page: '/' }, 'kind'],
    ['no message', { kind: 'javascript', message: '', page: '/' }, 'message'],
    ['an unknown field', { kind: 'javascript', message: 'x', page: '/', user: 'someone' }, 'user'],
    ['a message too long', { kind: 'javascript', message: 'x'.repeat(2001), page: '/' }, 'message'],
  ])('refuses %s with 422 and a violation', async (_what, payload, propertyPath) => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/public/client-errors', payload });
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toEqual(
      expect.arrayContaining([expect.objectContaining({ propertyPath, code: expect.any(String) })]),
    );
  });
});
