/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config';
import { startTestApp } from '../helpers';
import { testConfigSettings } from '../templates/templates';

// Issue 17 item 5: OpenTelemetry traces through the API and its database calls, exported by
// configuration (OTEL_EXPORTER_OTLP_ENDPOINT) over OTLP/HTTP. A collector stand-in receives them.

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

const received: ExportedSpan[] = [];
let collector: Server;
beforeAll(async () => {
  collector = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        const exported = JSON.parse(body) as {
          resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[];
        };
        for (const resource of exported.resourceSpans)
          for (const scope of resource.scopeSpans) received.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
});
afterAll(() => collector.close());

const attribute = (span: ExportedSpan, key: string) => {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

// The app starts inside the test (its tracing settings are its own): on a busy machine that alone
// took over jest's default 30 s once in CI.
it('sends each request as a server span under the caller’s trace, with its statements as child spans', async () => {
  const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  const testApp = await startTestApp({
    config: loadConfig({ ...testConfigSettings(), OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }),
  });
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const callerSpan = '00f067aa0ba902b7';
  try {
    const answer = await testApp.app.inject({
      url: '/api/health',
      headers: { traceparent: `00-${traceId}-${callerSpan}-01` },
    });
    expect(answer.statusCode).toBe(200);
    await testApp.app.inject({ url: '/api/no-such-route' });
  } finally {
    // Closing flushes the spans still buffered.
    await testApp.close();
  }

  const server = received.find((span) => span.name === 'GET /api/health');
  expect(server).toBeDefined();
  expect(server).toMatchObject({ traceId, parentSpanId: callerSpan, kind: 2 });
  expect(attribute(server!, 'http.route')).toBe('/api/health');
  expect(attribute(server!, 'http.response.status_code')).toBe(200);
  const statements = received.filter((span) => span.parentSpanId === server!.spanId);
  expect(statements.map((span) => [span.name, span.kind, attribute(span, 'db.query.text')])).toEqual([
    ['SELECT', 3, 'select 1'],
  ]);
  expect(statements[0]?.traceId).toBe(traceId);
  // A path no route matched is one span name, and a trace of its own.
  const unmatched = received.find((span) => attribute(span, 'url.path') === '/api/no-such-route');
  expect(unmatched).toMatchObject({ name: 'GET', kind: 2 });
  expect(unmatched?.traceId).not.toBe(traceId);
}, 120_000);

it('makes no traces without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  expect(loadConfig({ ...testConfigSettings(), OTEL_EXPORTER_OTLP_ENDPOINT: undefined }).tracing).toBeNull();
});
