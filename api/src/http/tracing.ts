import { AsyncLocalStorage } from 'node:async_hooks';
import {
  defaultTextMapGetter,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanExporter, TracerProvider } from '@opentelemetry/sdk-trace';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { pathWithoutCredentials } from './credential-paths';

export interface TracingOptions {
  /** The OTLP/HTTP collector: spans are posted to `<endpoint>/v1/traces`. */
  endpoint: string;
  serviceName: string;
  /** Another exporter (tests); default OTLP over HTTP to the endpoint. */
  exporter?: SpanExporter;
}

/**
 * OpenTelemetry traces through the API and its database calls (issue 17 item 5), exported by
 * configuration (OTEL_EXPORTER_OTLP_ENDPOINT) to an OTLP collector. Each request is a server span,
 * the child of the caller's when it sends a W3C `traceparent` (a gateway, another service); each
 * statement the request sends to the database is a child span carrying the statement with its
 * placeholders (never the values: no personal data leaves in a trace). Statements outside a
 * request (scheduled jobs) are spans of their own. The request's span is found by an
 * AsyncLocalStorage entered in the first hook, which every later step of the request runs inside.
 */
export function registerTracing(app: FastifyInstance, db: Database, options: TracingOptions): void {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: options.exporter ?? new OTLPTraceExporter({ url: `${options.endpoint}/v1/traces` }),
      }),
    ],
  });
  const tracer: Tracer = provider.getTracer('portal-api');
  const propagator = new W3CTraceContextPropagator();
  const requestSpan = new AsyncLocalStorage<Span>();
  const spans = new WeakMap<object, Span>();

  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
    const span = tracer.startSpan(
      request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'url.path': pathWithoutCredentials(request.url, request.routeOptions.url),
        },
      },
      parent,
    );
    spans.set(request, span);
    requestSpan.run(span, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request);
    if (!span) return;
    const route = request.routeOptions.url;
    if (route) span.updateName(`${request.method} ${route}`);
    span.setAttributes({ 'http.route': route ?? 'unmatched', 'http.response.status_code': reply.statusCode });
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });

  db.observeQueries((statement) => {
    const parent = requestSpan.getStore();
    const span = tracer.startSpan(
      statement.trimStart().split(/\s/, 1)[0]?.toUpperCase() ?? 'query',
      {
        kind: SpanKind.CLIENT,
        attributes: { 'db.system.name': 'postgresql', 'db.query.text': statement.slice(0, 2000) },
      },
      parent ? trace.setSpan(ROOT_CONTEXT, parent) : ROOT_CONTEXT,
    );
    return (error) => {
      if (error) span.setStatus({ code: SpanStatusCode.ERROR, message: String((error as Error).message ?? error) });
      span.end();
    };
  });

  // The spans still buffered go out before the process ends.
  app.addHook('onClose', () => provider.shutdown());
}
