/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { loadConfig } from '../../src/config';
import { KEY_PLACEHOLDER, pathWithoutCredentials } from '../../src/http/credential-paths';
import { startTestApp, type TestApp } from '../helpers';
import { botCheckHeader, domesticParcel, requester, workflowId } from '../modules/orders/order-fixtures';
import { testConfigSettings } from '../templates/templates';

// Issue 35 item 7: an order key is a visitor's only credential, and it stands in URL paths. A run
// of calls on an order (read it, its documents, a path no route matches, the browser's error report
// from the order's page) leaves no trace of the key in the log lines, the spans sent to a
// collector or the metrics: each says {key} instead.

describe('pathWithoutCredentials', () => {
  const key = 'AbCdEfGhIjKlMnOpQrStUvWx';
  it.each([
    [`/api/public/orders/${key}`, '/api/public/orders/:key', `/api/public/orders/${KEY_PLACEHOLDER}`],
    [`/api/orders/${key}/documents/label?x=1`, '/api/orders/:key/documents/label', '/api/orders/{key}/documents/label'],
    [`/api/admin/orders/${key}/refunds`, '/api/admin/orders/:key/refunds', '/api/admin/orders/{key}/refunds'],
    [`/api/complaints/order/${key}`, '/api/complaints/order/:orderKey', '/api/complaints/order/{key}'],
    [`/api/orders/${key}/no-such-thing`, undefined, '/api/orders/{key}/no-such-thing'],
    [`/order/${key}/success`, undefined, '/order/{key}/success'],
    // Not credentials: a CMS block's key, a bulk upload's fixed path.
    ['/api/public/cms_blocks/footer-links', '/api/public/cms_blocks/:key', '/api/public/cms_blocks/footer-links'],
    ['/api/orders/bulk/check', '/api/orders/bulk/check', '/api/orders/bulk/check'],
  ])('%s → %s', (url, route, expected) => {
    expect(pathWithoutCredentials(url, route)).toBe(expected);
  });
});

describe('a run of calls on a visitor’s order', () => {
  const logLines: string[] = [];
  const spans: string[] = [];
  let collector: Server;
  let testApp: TestApp;
  let closed = false;
  const request = requester(() => testApp);

  beforeAll(async () => {
    collector = createServer((incoming, response) => {
      let body = '';
      incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
      incoming.on('end', () => {
        spans.push(body);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const config = loadConfig({
      ...testConfigSettings(),
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
      METRICS: 'on',
      METRICS_TOKEN: undefined,
    });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    testApp = await startTestApp({ config, logger: { level: 'trace', stream } });
  }, 60_000);
  afterAll(async () => {
    if (!closed) await testApp?.close();
    await new Promise((resolve) => collector?.close(resolve));
  });

  it('logs, traces and counts {key} in place of the key', async () => {
    const parcel = await workflowId(testApp, 'parcel-lv-post-office-registered');
    const created = await request(
      'POST',
      '/api/public/orders',
      await botCheckHeader(() => testApp),
      domesticParcel(parcel),
    );
    expect(created.status).toBe(201);
    const key = String(created.body['@id']).split('/').pop() ?? '';
    expect(key).toMatch(/^[A-Za-z0-9_-]{24}$/);

    expect((await request('GET', `/api/public/orders/${key}`)).status).toBe(200);
    await request('GET', `/api/public/orders/${key}/documents/label`);
    expect((await request('GET', `/api/public/orders/${key}/no-such-thing`)).status).toBe(404);
    expect(
      (
        await request(
          'POST',
          '/api/public/client-errors',
          {},
          {
            kind: 'javascript',
            message: 'TypeError: x is undefined',
            page: `/order/${key}/success`,
          },
        )
      ).status,
    ).toBe(202);
    const metrics = (await request('GET', '/metrics')).body as string;
    // Closing flushes the spans still buffered.
    closed = true;
    await testApp.close();

    const logs = logLines.join('');
    const traces = spans.join('');
    expect(logs).toContain(`/api/public/orders/${KEY_PLACEHOLDER}`);
    expect(logs).toContain(`/order/${KEY_PLACEHOLDER}/success`);
    expect(traces).toContain(`/api/public/orders/${KEY_PLACEHOLDER}`);
    expect(metrics).toContain('route="/api/public/orders/:key"');
    for (const [where, text] of [
      ['log lines', logs],
      ['spans', traces],
      ['metrics', metrics],
    ] as const) {
      expect({ where, hasKey: text.includes(key) }).toEqual({ where, hasKey: false });
    }
  }, 60_000);
});
