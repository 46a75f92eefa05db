import { MAX_DATABASE_ID } from '@portal/shared-contracts';
import { LABEL_FORMATS } from '@portal/shared-contracts/orders';
import {
  MAX_RETURN_COMMENT,
  RETURN_DROP_OFFS,
  RETURN_PAYERS,
  RETURN_REASONS,
  RETURN_STATUSES,
} from '@portal/shared-contracts/returns';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuthentication } from '../../auth';
import {
  described,
  errorAnswers,
  fileAnswer,
  hydraCollectionAnswer,
  twinErrorAnswers,
  writtenBody,
} from '../../http/answer-schemas';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { unauthorized } from '../../http/problem';
import { NO_BODY, NO_QUERY } from '../../http/route-schemas';
import { type BotCheckService, requireBotCheck } from '../bot-check';
import { LABEL_FILES } from '../documents';
import type { ReturnPayments } from './payments';
import type { ReturnRow, ReturnService } from './service';

export interface ReturnRoutesOptions {
  service: ReturnService;
  payments: ReturnPayments;
  botCheck: BotCheckService;
}

const tags = ['Returns'];
const PUBLIC_PATH = '/api/public/returns';

export const returnAnswer = z
  .object({
    '@id': z.string().describe('`/api/public/returns/{key}`: the key is the return’s capability.'),
    '@type': z.literal('Return'),
    key: z.string(),
    status: z
      .enum(RETURN_STATUSES)
      .describe(
        '`codeIssued` until the code is redeemed; `awaitingPayment` while the customer is to pay it (no label yet); then `labelIssued`.',
      ),
    code: z.string().nullable().describe('The code the customer redeems on /returns; null for a label made at once.'),
    orderKey: z.string(),
    shipmentNumber: z.string().describe('The S10 number of the shipment sent back.'),
    returnBarcode: z.string().nullable().describe('The return’s own S10 number, once its label is made.'),
    reason: z.enum(RETURN_REASONS).nullable(),
    dropOff: z.enum(RETURN_DROP_OFFS).nullable(),
    dropOffPlace: z
      .object({ id: z.string(), name: z.string(), address: z.string(), city: z.string() })
      .nullable()
      .describe('The parcel locker or post office the customer chose, when they named one.'),
    comment: z.string().nullable(),
    priceCents: z.int().describe('The return product’s price from the tariffs, cents.'),
    payer: z
      .enum(RETURN_PAYERS)
      .describe('`shopOnAccount`: the shop pays, on its account; `customer`: the customer pays before the label.'),
    label: z.string().nullable().describe('Where the label is downloaded (`?format=A6|A4|zpl`), once made.'),
    createdAt: z.string(),
    labelIssuedAt: z.string().nullable(),
  })
  .meta({ id: 'Return' });

export function returnResource(row: ReturnRow): z.infer<typeof returnAnswer> {
  const iri = `${PUBLIC_PATH}/${row.key}`;
  return {
    '@id': iri,
    '@type': 'Return',
    key: row.key,
    status: row.status,
    code: row.code,
    orderKey: row.orderKey,
    shipmentNumber: row.shipmentNumber,
    returnBarcode: row.returnBarcode,
    reason: row.reason,
    dropOff: row.dropOff,
    dropOffPlace: row.dropOffPlace,
    comment: row.comment,
    priceCents: row.priceCents,
    payer: row.payer,
    label: row.returnBarcode ? `${iri}/label` : null,
    createdAt: row.createdAt.toISOString(),
    labelIssuedAt: row.labelIssuedAt?.toISOString() ?? null,
  };
}

// Shape only (400, the route schemas); the rules (reason, drop-off, comment, which shipment) answer 422 beside the field.
const targetBody = z.strictObject({
  orderKey: z.string().min(1).max(100),
  orderLineId: z.int().positive().max(MAX_DATABASE_ID),
});
const redeemBody = z.strictObject({
  code: z.string().min(1).max(40),
  reason: z.string().max(40).nullish(),
  dropOff: z.string().max(40).nullish(),
  dropOffPlaceId: z.string().max(100).nullish(),
  comment: z
    .string()
    .max(MAX_RETURN_COMMENT * 4)
    .nullish(),
});
const startBody = z.strictObject({
  orderNumber: z.string().max(40).nullish(),
  email: z.string().max(320).nullish(),
  reason: z.string().max(40).nullish(),
  dropOff: z.string().max(40).nullish(),
  dropOffPlaceId: z.string().max(100).nullish(),
  comment: z
    .string()
    .max(MAX_RETURN_COMMENT * 4)
    .nullish(),
});
const keyParams = z.strictObject({ key: z.string().regex(/^[\w-]{32}$/) });
const labelQuery = z.strictObject({
  format: z.enum(LABEL_FORMATS).default('A6').describe('A6 or A4 (PDF), or zpl (100 × 150 mm thermal printers).'),
});

const jsonLd: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300 && !reply.hasHeader('content-disposition')) {
      reply.type(JSON_LD).header('cache-control', 'no-store');
    }
    return payload;
  });
};

/** The company's calls (/api, signed in or an API key with the `returns` scope). */
export const companyReturnRoutes: FastifyPluginAsync<ReturnRoutesOptions> = async (plain, { service }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  await jsonLd(plain, {});
  app.addHook('onRequest', requireAuthentication);

  app.post(
    '/returns',
    {
      config: { apiKeyScope: 'returns' },
      schema: {
        summary: 'Create a return label for a paid shipment (prepaid by the company, on account)',
        description:
          'The shipment (`orderLineId` of the order `orderKey`, a paid shipment within Latvia of the company ' +
          'account) goes back from its receiver to its sender as the same product, priced from the tariffs. The ' +
          'return gets its own S10 number at once (also the shipment’s `returnBarcode`) and `return.created` goes ' +
          'to the webhooks. One return per shipment: a return the customer started and has not paid yet ' +
          '(`awaitingPayment`) is taken over, paid by the company and labelled now with the customer’s choices.',
        tags,
        querystring: NO_QUERY,
        body: targetBody,
        response: {
          201: described(returnAnswer, 'The return with its S10 number and label.'),
          ...errorAnswers(400, 401, 403, 422, 429),
        },
      },
    },
    async (request, reply) => {
      if (!request.principal) throw unauthorized();
      const row = await service.createLabel(request.principal, request.body);
      return reply.code(201).send(returnResource(row));
    },
  );

  app.post(
    '/return_codes',
    {
      config: { apiKeyScope: 'returns' },
      schema: {
        summary: 'Create a return code for a paid shipment, for the customer to redeem on /returns',
        description:
          'As a return label, but the label is made when the customer redeems the code (`RET-` and 8 characters) ' +
          'on the public returns page with a reason and a drop-off.',
        tags,
        querystring: NO_QUERY,
        body: targetBody,
        response: {
          201: described(returnAnswer, 'The return with its code, waiting for the customer.'),
          ...errorAnswers(400, 401, 403, 422, 429),
        },
      },
    },
    async (request, reply) => {
      if (!request.principal) throw unauthorized();
      const row = await service.createCode(request.principal, request.body);
      return reply.code(201).send(returnResource(row));
    },
  );

  app.get(
    '/returns',
    {
      config: { apiKeyScope: 'returns' },
      schema: {
        summary: 'List the company’s returns, newest first',
        tags,
        querystring: NO_QUERY,
        response: {
          200: hydraCollectionAnswer(returnAnswer, 'The company account’s returns (at most 500, newest first).'),
          ...errorAnswers(400, 401, 403, 422, 429),
        },
      },
    },
    async (request) => {
      if (!request.principal) throw unauthorized();
      const rows = await service.list(request.principal);
      return hydraCollection({
        context: '/api/contexts/Return',
        path: '/api/returns',
        members: rows.map(returnResource),
        totalItems: rows.length,
        paging: { page: 1, itemsPerPage: Math.max(rows.length, 1) },
        query: {},
      });
    },
  );
};

/** The customer's calls (/api/public: no account; the key is the capability, redeeming is bot-checked). */
export const publicReturnRoutes: FastifyPluginAsync<ReturnRoutesOptions> = async (
  plain,
  { service, payments, botCheck },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  await jsonLd(plain, {});
  const errors = twinErrorAnswers(app);

  app.post(
    '/returns/redeem',
    {
      // Before validation, as every bot-checked write: 403 without a token whatever the body.
      preValidation: requireBotCheck(botCheck),
      schema: {
        summary: 'Redeem a return code: choose a reason and a drop-off, get the label',
        description:
          '`reason`: notSuitable, damaged, wrongItem, changedMind or other; `dropOff`: parcelLocker or postOffice; ' +
          'optionally `dropOffPlaceId`, a place of that kind in Latvia where parcels are handed over. ' +
          'The shop pays the postage. A code is redeemed once.',
        tags,
        querystring: NO_QUERY,
        body: redeemBody,
        response: {
          200: described(returnAnswer, 'The return with its S10 number and label.'),
          ...errors(400, 403, 422, 429),
        },
      },
    },
    async (request) => {
      const { body } = request;
      return returnResource(
        await service.redeem({
          code: body.code,
          reason: (body.reason ?? '') as never,
          dropOff: (body.dropOff ?? '') as never,
          dropOffPlaceId: body.dropOffPlaceId ?? null,
          comment: body.comment ?? null,
        }),
      );
    },
  );

  app.post(
    '/returns',
    {
      // Before validation, as every bot-checked write: 403 without a token whatever the body.
      preValidation: requireBotCheck(botCheck),
      schema: {
        summary: 'Start a return with the order number and e-mail: choose a reason and a drop-off, get the label',
        description:
          'Without a return code: `orderNumber` is the shipment’s S10 number, `email` the address the order was ' +
          'sent to (the receiver’s). Only a paid shipment within Latvia of a company account, once. A wrong pair ' +
          'and a shipment that cannot be returned answer alike (`RETURN_NOT_FOUND` on `orderNumber`), so the ' +
          'answer never tells whether a number exists. The shop’s setting decides who pays: the shop (the label at ' +
          'once), the customer (`awaitingPayment`: pay with `POST /api/public/returns/{key}/payments`, the label ' +
          'follows the payment; started again while it waits, the same return is answered, 200), or nobody: the ' +
          'shop takes no returns started here (`RETURN_CUSTOMER_RETURNS_OFF` on `orderNumber`, said only for the ' +
          'right pair).',
        tags,
        querystring: NO_QUERY,
        body: startBody,
        response: {
          200: described(returnAnswer, 'The customer’s return already waiting for the payment, with the new choices.'),
          201: described(returnAnswer, 'The return with its S10 number and label, or waiting for the payment.'),
          ...errors(400, 403, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const row = await service.startByOrderNumber({
        orderNumber: body.orderNumber ?? '',
        email: body.email ?? '',
        reason: (body.reason ?? '') as never,
        dropOff: (body.dropOff ?? '') as never,
        dropOffPlaceId: body.dropOffPlaceId ?? null,
        comment: body.comment ?? null,
      });
      return reply.code(row.resumed ? 200 : 201).send(returnResource(row));
    },
  );

  app.get(
    '/returns/:key',
    {
      schema: {
        summary: 'Read a return by its key (the customer’s capability): its status, price and label',
        description: 'The /returns page reads it when the payment provider sends the customer back.',
        tags,
        params: keyParams,
        querystring: NO_QUERY,
        response: { 200: described(returnAnswer, 'The return.'), ...errors(400, 404, 429) },
      },
    },
    async (request) => returnResource(await service.byKey(request.params.key)),
  );

  app.post(
    '/returns/:key/payments',
    {
      // Before validation, as every bot-checked write: 403 without a token whatever the body.
      preValidation: requireBotCheck(botCheck),
      schema: {
        summary: 'Start paying a return’s postage at the payment provider (the shop lets the customer pay)',
        description:
          'Only a return `awaitingPayment`. The answer says where to send the browser: the provider’s page, which ' +
          'sends it back to `/returns/{key}/success`, `/failed` or `/cancelled`. A newer payment replaces a pending ' +
          'one; once paid, the return gets its S10 number and label and `return.created` goes to the webhooks.',
        tags,
        params: keyParams,
        querystring: NO_QUERY,
        body: NO_BODY,
        response: {
          201: described(
            z.object({ redirectUrl: z.string() }).meta({ id: 'ReturnPaymentStarted' }),
            'Where to send the browser: the provider’s payment page.',
          ),
          ...errors(400, 403, 404, 422, 429),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await payments.start(request.params.key)),
  );

  app.get(
    '/returns/:key/label',
    {
      schema: {
        summary: 'Download a return’s label (PDF or ZPL)',
        tags,
        params: keyParams,
        querystring: labelQuery,
        response: {
          200: fileAnswer(['application/pdf', 'text/plain'], 'The return label: A6 or A4 PDF, or ZPL II.'),
          ...errors(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const { row, bytes } = await service.label(request.params.key, format);
      const { contentType, extension } = LABEL_FILES[format];
      return reply
        .type(contentType)
        .header('content-disposition', `attachment; filename="return-${row.returnBarcode}.${extension}"`)
        .header('cache-control', 'private, no-store')
        .send(writtenBody(bytes));
    },
  );
};
