import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, noContent } from '../../http/answer-schemas';
import { ApiError } from '../../http/problem';
import { NO_QUERY } from '../../http/route-schemas';
import { receivePaymentCallback } from './callbacks';
import { PaymentCallbackError, type PaymentProvider, type PaymentSettlement, RESULT_OF_OUTCOME } from './provider';
import { returnUrlFor } from './return-url';
import { expiredPage, notFoundPage, pageLocale, paymentPage } from './sandbox-page';
import type { SandboxPaymentProvider } from './sandbox-provider';

export interface PaymentRoutesOptions {
  /** The sandbox provider whose hosted page these routes serve. */
  sandbox: SandboxPaymentProvider;
  /** The orders module's settlement. */
  settlement: PaymentSettlement;
  /** Providers whose callbacks `POST /payment-callbacks/{id}` accepts; the sandbox is always one. */
  providers?: PaymentProvider[];
}

// A wildcard, not `:providerPaymentId`: the signed id is longer than Fastify's 100-character
// limit for path parameters (maxParamLength), which is a server-wide option of buildApp.
const paramsSchema = z
  .object({
    '*': z
      .string()
      .min(1)
      .max(4000)
      .regex(/^[A-Za-z0-9_.-]+$/),
  })
  .transform((params) => ({ providerPaymentId: params['*'] }));
const formSchema = z.object({ action: z.enum(['pay', 'decline', 'cancel']), locale: z.string().optional() });
const OUTCOME_OF_ACTION = { pay: 'paid', decline: 'declined', cancel: 'cancelled' } as const;

const tags = ['Payments'];

/** An answer that is the sandbox's HTML page (not JSON: the browser shows it). */
const htmlPage = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });

const callbackAnswer = z
  .object({ received: z.literal(true), outcome: z.enum(['paid', 'declined', 'cancelled']) })
  .describe('The callback was verified and the payment settled (again, harmlessly, when it already was).');

// The page carries the payment in its URL: keep it out of caches, referrers and frames.
function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    )
    .type('text/html; charset=utf-8')
    .send(html);
}

/** GET and POST /payment-sandbox/{providerPaymentId}: the hosted page and its three buttons. */
const SANDBOX_PATH = z.object({ '*': z.string().describe('The signed payment id.') });
const SANDBOX_QUERY = z.object({ locale: z.unknown().optional().describe('`en` or `lv`; anything else is ignored.') });

async function sandboxPageRoutes(plain: FastifyInstance, { sandbox, settlement }: PaymentRoutesOptions) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // The page's form posts application/x-www-form-urlencoded (only here: the API takes JSON elsewhere).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  // The path and the form are read by the handlers, not by a schema: a broken one is the page's own
  // 404, not a JSON error. The schemas below declare them and let anything through to the handlers.
  app.get(
    '/payment-sandbox/*',
    {
      schema: {
        params: SANDBOX_PATH,
        querystring: SANDBOX_QUERY,
        summary: 'Show the sandbox’s hosted payment page (HTML)',
        description:
          'Where a sandbox payment sends the browser: the path is the signed payment id; `?locale=en|lv` or ' +
          'Accept-Language chooses the language. No bearer token: the signed id authorises.',
        tags,
        response: {
          200: htmlPage('The payment and its three buttons: pay, decline, cancel.'),
          404: htmlPage('The payment link is not valid.'),
          410: htmlPage('The payment has expired: a link back to the order.'),
        },
      },
    },
    async (request, reply) => {
      const locale = pageLocale((request.query as Record<string, unknown>).locale, request.headers['accept-language']);
      const params = paramsSchema.safeParse(request.params);
      const read = params.success ? sandbox.readPayment(params.data.providerPaymentId) : null;
      if (!read) return sendHtml(reply, 404, notFoundPage(locale));
      if (read.expired)
        return sendHtml(reply, 410, expiredPage(locale, returnUrlFor(read.payment.returnUrl, 'failed')));
      return sendHtml(reply, 200, paymentPage(read.payment, locale));
    },
  );

  app.post(
    '/payment-sandbox/*',
    {
      schema: {
        params: SANDBOX_PATH,
        querystring: SANDBOX_QUERY,
        consumes: ['application/x-www-form-urlencoded'],
        summary: 'End a sandbox payment as paid, declined or cancelled (the page’s form)',
        description:
          'An `application/x-www-form-urlencoded` body: `action` (pay, decline or cancel) and `locale`. The ' +
          'sandbox sends itself a signed callback, settles the payment and sends the browser back to the order.',
        tags,
        response: {
          303: noContent('Back to the order’s return URL (`Location`), with the payment’s result.'),
          ...errorAnswers(400, 413, 415),
          404: htmlPage('The payment link is not valid.'),
          410: htmlPage('The payment has expired: a link back to the order.'),
        },
      },
    },
    async (request, reply) => {
      const form = formSchema.safeParse(request.body);
      const locale = pageLocale(form.success ? form.data.locale : undefined, request.headers['accept-language']);
      const params = paramsSchema.safeParse(request.params);
      const read = params.success ? sandbox.readPayment(params.data.providerPaymentId) : null;
      if (!read || !params.success) return sendHtml(reply, 404, notFoundPage(locale));
      const failedUrl = returnUrlFor(read.payment.returnUrl, 'failed');
      if (read.expired) return sendHtml(reply, 410, expiredPage(locale, failedUrl));
      if (!form.success) throw new ApiError(400, 'Choose pay, decline or cancel.');

      let target = failedUrl;
      try {
        // The sandbox plays the provider's server: it signs a callback and hands it to the same
        // verification and settlement a real provider's callback goes through.
        const callback = sandbox.createCallback(params.data.providerPaymentId, OUTCOME_OF_ACTION[form.data.action]);
        const { outcome } = await receivePaymentCallback(sandbox, settlement, callback);
        target = returnUrlFor(read.payment.returnUrl, RESULT_OF_OUTCOME[outcome]);
      } catch (error) {
        // The browser still goes back to the order, which shows the payment as failed and payable.
        request.log.error({ err: error, reference: read.payment.reference }, 'sandbox payment could not be settled');
      }
      return reply.header('cache-control', 'no-store').redirect(target, 303);
    },
  );
}

/** POST /payment-callbacks/{providerId}: server-to-server callbacks, verified by the provider. */
async function callbackRoutes(plain: FastifyInstance, { sandbox, settlement, providers = [] }: PaymentRoutesOptions) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // Signatures cover the exact bytes, so the body is kept as the raw string.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/json', 'application/ld+json'],
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );
  const byId = new Map<string, PaymentProvider>([[sandbox.id, sandbox], ...providers.map((p) => [p.id, p] as const)]);

  app.post(
    '/payment-callbacks/:providerId',
    {
      schema: {
        querystring: NO_QUERY,
        // The raw JSON, verified over its exact bytes by the provider before it is read.
        consumes: ['application/json', 'application/ld+json'],
        summary: 'Receive a payment provider’s callback (server to server)',
        description:
          'The provider’s own JSON body and signature header, verified over the exact bytes. No bearer token: ' +
          'the signature authorises. A replayed callback is 409.',
        tags,
        params: z.object({ providerId: z.string().describe('The provider: `sandbox` or `stripe`.') }),
        response: { 200: callbackAnswer, ...errorAnswers(400, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { providerId } = request.params;
      const provider = byId.get(providerId);
      if (!provider) throw new ApiError(404, `No payment provider "${providerId}".`);
      if (typeof request.body !== 'string') throw new ApiError(400, 'The callback body must be JSON.');
      try {
        const { outcome } = await receivePaymentCallback(provider, settlement, {
          headers: request.headers,
          rawBody: request.body,
        });
        return { received: true as const, outcome };
      } catch (error) {
        if (error instanceof PaymentCallbackError) {
          request.log.warn({ reason: error.reason, providerId }, 'payment callback refused');
          throw new ApiError(error.reason === 'replayed' ? 409 : 400, error.message);
        }
        throw error;
      }
    },
  );
}

/**
 * The payments plugin; register it with `{ prefix: '/api' }`. Not twinned under /api/public and
 * not behind authentication: the browser arrives from a redirect without a bearer token, and the
 * signed providerPaymentId (or the callback signature) is what authorises.
 */
export const paymentRoutes: FastifyPluginAsync<PaymentRoutesOptions> = async (
  app,
  { sandbox, settlement, providers },
) => {
  // Only our own options go on: the prefix this plugin was registered with must not apply twice.
  const options: PaymentRoutesOptions = { sandbox, settlement, ...(providers ? { providers } : {}) };
  await app.register(sandboxPageRoutes, options);
  await app.register(callbackRoutes, options);
};
