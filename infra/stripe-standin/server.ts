// A local stand-in for Stripe (issue 19): the part of Stripe's HTTP API the portal's Stripe adapter
// (api/src/modules/payments/stripe-provider.ts) calls through the official SDK, so that tests and
// a development machine pay "by card" with no network. It speaks Stripe's contract: form-encoded
// requests with `Authorization: Bearer sk_…`, Stripe's object and error shapes, a hosted Checkout
// page, and webhooks signed as Stripe signs them (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret,
// "t.payload")`). Nothing here is trusted by production: the config module refuses STRIPE_API_URL
// there, so the SDK talks to api.stripe.com.
//   POST /v1/checkout/sessions   GET /v1/checkout/sessions/{id}   POST /v1/refunds
//   GET  /c/pay/{id}  (the hosted page)   POST /c/pay/{id}  (action=pay|cancel|decline)
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeStandInOptions {
  /** The secret key the portal uses (`sk_test_…`); other keys get Stripe's 401. */
  secretKey: string;
  /** Where checkout events are delivered (the portal's `/api/payment-callbacks/stripe`). */
  webhookUrl: string;
  /** The endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  port?: number;
  host?: string;
}

interface Session {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  created: number;
  livemode: false;
  description: string;
}

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
}

export interface StripeStandIn {
  url: string;
  sessions: ReadonlyMap<string, Session>;
  refunds: readonly Refund[];
  /** Webhook deliveries that the portal did not answer with 2xx. */
  failedDeliveries: number;
  /** Changes where events go (a portal that learns its own port after the stand-in started). */
  setWebhookUrl(url: string): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's signature header for `payload` at time `t`. */
export function stripeSignature(payload: string, secret: string, t = now()): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  response.end(JSON.stringify(body));
}

function stripeError(response: ServerResponse, status: number, message: string, param?: string) {
  send(response, status, {
    error: {
      type: status === 401 ? 'invalid_request_error' : 'invalid_request_error',
      message,
      ...(param ? { param } : {}),
    },
  });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 256 * 1024) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function hostedPage(session: Session): string {
  const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in checkout</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto">
<h1>Pay ${escapeHtml(amount)}</h1><p>${escapeHtml(session.description)}</p>
<p>Local Stripe stand-in: no money moves.</p>
<form method="post"><button name="action" value="pay">Pay ${escapeHtml(amount)}</button>
<button name="action" value="decline">Card declined</button>
<button name="action" value="cancel">Back to the portal</button></form></body></html>`;
}

export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const sessions = new Map<string, Session>();
  const refunds: Refund[] = [];
  const state = { failedDeliveries: 0, webhookUrl: options.webhookUrl };
  let base = '';

  async function deliver(type: string, session: Session) {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object: session },
    };
    const payload = JSON.stringify(event);
    // Stripe retries until a 2xx; the stand-in tries three times at once.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const answer = await fetch(state.webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': stripeSignature(payload, options.webhookSecret),
          },
          body: payload,
        });
        if (answer.ok) return;
      } catch {
        // the portal is not listening: try again
      }
    }
    state.failedDeliveries++;
  }

  async function api(request: IncomingMessage, response: ServerResponse, path: string) {
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return stripeError(response, 401, 'Invalid API Key provided.');
    }
    const form = new URLSearchParams(request.method === 'POST' ? await readBody(request) : '');
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
      const quantity = Number(form.get('line_items[0][quantity]') ?? '1');
      const currency = form.get('line_items[0][price_data][currency]') ?? '';
      const success = form.get('success_url');
      const cancel = form.get('cancel_url');
      if (form.get('mode') !== 'payment') return stripeError(response, 400, 'Only mode=payment is supported.', 'mode');
      if (!Number.isInteger(amount) || amount < 1)
        return stripeError(response, 400, 'Invalid integer: unit_amount', 'line_items[0][price_data][unit_amount]');
      if (!/^[a-z]{3}$/.test(currency))
        return stripeError(response, 400, 'Invalid currency', 'line_items[0][price_data][currency]');
      if (!success || !cancel)
        return stripeError(response, 400, 'success_url and cancel_url are required.', 'success_url');
      const sessionId = id('cs');
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const session: Session = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount * quantity,
        currency,
        client_reference_id: form.get('client_reference_id'),
        metadata,
        payment_intent: null,
        success_url: success,
        cancel_url: cancel,
        url: `${base}/c/pay/${sessionId}`,
        created: now(),
        livemode: false,
        description: form.get('line_items[0][price_data][product_data][name]') ?? '',
      };
      sessions.set(sessionId, session);
      return send(response, 200, session);
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(path);
    if (request.method === 'GET' && retrieve?.[1]) {
      const session = sessions.get(retrieve[1]);
      return session
        ? send(response, 200, session)
        : stripeError(response, 404, `No such checkout.session: '${retrieve[1]}'`, 'id');
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      const intent = form.get('payment_intent');
      const session = [...sessions.values()].find((candidate) => candidate.payment_intent === intent);
      if (!intent || !session)
        return stripeError(response, 400, `No such payment_intent: '${intent}'`, 'payment_intent');
      const refunded = refunds
        .filter((refund) => refund.payment_intent === intent)
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = form.has('amount') ? Number(form.get('amount')) : session.amount_total - refunded;
      if (!Number.isInteger(amount) || amount < 1 || refunded + amount > session.amount_total) {
        return stripeError(response, 400, 'Refund amount is greater than the unrefunded amount.', 'amount');
      }
      const refund: Refund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: session.currency,
        payment_intent: intent,
        status: 'succeeded',
        created: now(),
      };
      refunds.push(refund);
      return send(response, 200, refund);
    }
    return stripeError(response, 404, `Unrecognized request URL (${request.method}: ${path}).`);
  }

  async function checkoutPage(request: IncomingMessage, response: ServerResponse, sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('No such checkout session.');
      return;
    }
    if (request.method === 'GET') {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(hostedPage(session));
      return;
    }
    const action = new URLSearchParams(await readBody(request)).get('action');
    if (session.status === 'open' && action === 'pay') {
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = id('pi');
      session.url = null;
      await deliver('checkout.session.completed', session);
    } else if (session.status === 'open' && action === 'decline') {
      session.status = 'expired';
      session.url = null;
      await deliver('checkout.session.async_payment_failed', session);
    }
    const target = session.payment_status === 'paid' ? session.success_url : session.cancel_url;
    response.writeHead(303, { location: target, 'cache-control': 'no-store' }).end();
  }

  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://standin').pathname;
    const page = /^\/c\/pay\/([A-Za-z0-9_]+)$/.exec(path);
    const handled = page?.[1] ? checkoutPage(request, response, page[1]) : api(request, response, path);
    handled.catch(() => {
      if (!response.headersSent) stripeError(response, 400, 'Malformed request.');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  base = `http://${options.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    sessions,
    refunds,
    get failedDeliveries() {
      return state.failedDeliveries;
    },
    setWebhookUrl(url: string) {
      state.webhookUrl = url;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
