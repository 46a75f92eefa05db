import {
  HANDOVER_REDEEM_SCOPE,
  HANDOVER_REFUSALS,
  handoverCodeSchema,
  handoverRedeemSchema,
} from '@portal/shared-contracts/orders';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MACHINE_CLIENTS } from '../../auth';
import { described, errorAnswers, fileAnswer, twinErrorAnswers, writtenBody } from '../../http/answer-schemas';
import { JSON_LD } from '../../http/hydra';
import { ApiError, unauthorized } from '../../http/problem';
import { NO_QUERY } from '../../http/route-schemas';
import { qrPng, qrSvg } from './qr';
import type { HandoverRow, HandoverService } from './service';

export interface HandoverRoutesOptions {
  service: HandoverService;
}

const tags = ['Hand-over'];
const keyParams = z.strictObject({
  key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'This value is not a valid order key.'),
});
const qrQuery = z.strictObject({ format: z.enum(['svg', 'png']).default('svg') });

/** A hand-over code's QR picture, an order's or a return's alike. */
const qrPicture = {
  description: 'The QR code, black on white with its quiet zone.',
  content: {
    'image/svg+xml': { schema: z.string() },
    'image/png': { schema: z.string().meta({ format: 'binary' }) },
  },
};

/** Sends the picture of `code` as asked; never cached, as the code is a label's stand-in. */
async function sendQr(reply: FastifyReply, code: string, format: 'svg' | 'png') {
  reply.header('cache-control', 'private, no-store');
  if (format === 'png') return reply.type('image/png').send(writtenBody(await qrPng(code)));
  return reply.type('image/svg+xml').send(qrSvg(code));
}
const FORBIDDEN_SCOPE = `Access denied: the token lacks the ${HANDOVER_REDEEM_SCOPE} scope.`;

/** The caller and the account they act for, as the orders module reads them. */
const callerOf = (request: FastifyRequest) => ({
  principal: request.principal,
  accountId: request.principal?.accountId ?? null,
});

/**
 * The owner's routes, registered as twins like the order itself (a visitor's order answers on
 * /api/public with its key, a registered user's on /api to its account's members): the code, its
 * QR picture, and whether a counter printed the labels.
 */
export const handoverOwnerRoutes: FastifyPluginAsync<HandoverRoutesOptions> = async (plain, { service }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const errors = twinErrorAnswers(app);
  const orderPath = (key: string) => `${app.prefix}/orders/${key}`;
  const answer = (key: string, record: HandoverRow, code: string) => ({
    '@type': 'HandoverCode' as const,
    code,
    qr: `${orderPath(key)}/handover/qr`,
    expiresAt: record.expiresAt.toISOString(),
    redeemedAt: record.redeemedAt?.toISOString() ?? null,
  });

  app.get(
    '/orders/:key/handover',
    {
      // A company's program prints without a printer too: the code is a label's stand-in (ship).
      config: { apiKeyScope: 'ship' },
      schema: {
        querystring: NO_QUERY,
        summary: 'Read the hand-over code of a paid order (printer-free: a counter or parcel locker prints the labels)',
        description:
          'One code per paid order, valid for HANDOVER_VALID_DAYS after payment and printed once. Another ' +
          'account’s order, or an unpaid one, is 404.',
        tags,
        params: keyParams,
        response: {
          200: described(handoverCodeSchema, 'The code, the path of its QR picture, its expiry and when it was used.'),
          ...errors(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const { record, code } = await service.forOwner(callerOf(request), key);
      // The code is the owner's capability to have the labels printed: never kept by a shared cache.
      return reply
        .type(JSON_LD)
        .header('cache-control', 'private, no-store')
        .send(answer(key, record, code));
    },
  );

  app.get(
    '/orders/:key/handover/qr',
    {
      // A company's program prints without a printer too: the code is a label's stand-in (ship).
      config: { apiKeyScope: 'ship' },
      schema: {
        summary: 'Download the QR picture of a paid order’s hand-over code (SVG or PNG)',
        tags,
        params: keyParams,
        querystring: qrQuery,
        response: {
          200: qrPicture,
          ...errors(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { code } = await service.forOwner(callerOf(request), request.params.key);
      return sendQr(reply, code, request.query.format);
    },
  );
};

const returnKeyParams = z.strictObject({
  key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'This value is not a valid return key.'),
});

/**
 * The customer's routes of a prepaid return's hand-over (issue 40), public as the return's label:
 * the return's key is the capability. The same code and QR as an order's, printing the return's label.
 */
export const handoverReturnRoutes: FastifyPluginAsync<HandoverRoutesOptions> = async (plain, { service }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const returnPath = (key: string) => `${app.prefix}/returns/${key}`;

  app.get(
    '/returns/:key/handover',
    {
      schema: {
        querystring: NO_QUERY,
        summary:
          'Read the hand-over code of a prepaid return (printer-free: a counter or parcel locker prints its label)',
        description:
          'One code per return, from the moment its label is made, valid for HANDOVER_VALID_DAYS and printed once. ' +
          'The return’s key is the capability; before the label is made, 404.',
        tags,
        params: returnKeyParams,
        response: {
          200: described(handoverCodeSchema, 'The code, the path of its QR picture, its expiry and when it was used.'),
          ...errorAnswers(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const { record, code } = await service.forReturn(key);
      return reply
        .type(JSON_LD)
        .header('cache-control', 'private, no-store')
        .send({
          '@type': 'HandoverCode' as const,
          code,
          qr: `${returnPath(key)}/handover/qr`,
          expiresAt: record.expiresAt.toISOString(),
          redeemedAt: record.redeemedAt?.toISOString() ?? null,
        });
    },
  );

  app.get(
    '/returns/:key/handover/qr',
    {
      schema: {
        summary: 'Download the QR picture of a prepaid return’s hand-over code (SVG or PNG)',
        tags,
        params: returnKeyParams,
        querystring: qrQuery,
        response: {
          200: qrPicture,
          ...errorAnswers(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { code } = await service.forReturn(request.params.key);
      return sendQr(reply, code, request.query.format);
    },
  );
};

function redeemingClient(request: FastifyRequest): string {
  if (!request.principal) throw unauthorized();
  if (!request.principal.scopes.includes(HANDOVER_REDEEM_SCOPE)) throw new ApiError(403, FORBIDDEN_SCOPE);
  return request.principal.subject;
}

/**
 * The counters' and parcel lockers' route: a machine client's token with the `handover:redeem`
 * scope (README, "Machine clients") redeems a scanned code for the order's A6 labels, once.
 */
export const handoverRedeemRoutes: FastifyPluginAsync<HandoverRoutesOptions> = async (plain, { service }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/handover/redeem',
    {
      config: MACHINE_CLIENTS,
      // Before the body is validated: a caller without the scope learns nothing of the input's rules.
      preValidation: async (request) => {
        redeemingClient(request);
      },
      schema: {
        querystring: NO_QUERY,
        summary: 'Redeem a hand-over code at a post office counter or parcel locker: the order’s labels (A6 PDF), once',
        description:
          `A token with the \`${HANDOVER_REDEEM_SCOPE}\` scope. \`code\` is the text of the scanned QR. The first ` +
          'redeem answers the labels and records the client and the time; every later one is refused. Refusals ' +
          `carry a violation on \`code\`: ${HANDOVER_REFUSALS.unknown} (404: forged, mistyped or unknown), ` +
          `${HANDOVER_REFUSALS.expired} (410), ${HANDOVER_REFUSALS.used} (409: printed already), ` +
          `${HANDOVER_REFUSALS.notPrintable} (409: the order has nothing left to print).`,
        tags,
        body: handoverRedeemSchema,
        response: {
          200: fileAnswer('application/pdf', 'The order’s shipping labels, one A6 page per shipment.'),
          ...errorAnswers(400, 401, 403, 404, 409, 410, 422),
        },
      },
    },
    async (request, reply) => {
      const client = redeemingClient(request);
      const { pdf } = await service.redeem(request.body.code, client);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="labels-a6.pdf"')
        .header('cache-control', 'no-store')
        .send(writtenBody(pdf));
    },
  );
};
