import { XLSX_MIME } from '@portal/shared-contracts/address-book';
import {
  BULK_COLUMNS,
  BULK_MESSAGES,
  type BulkField,
  bulkReportSchema,
  MAX_BULK_ROWS,
} from '@portal/shared-contracts/orders';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuthentication } from '../../auth';
import { described, errorAnswers, fileAnswer } from '../../http/answer-schemas';
import { invalidInput } from '../../http/problem';
import { NO_QUERY } from '../../http/route-schemas';
import type { Caller } from './access';
import { MAX_BULK_BYTES, type OrderBulk } from './bulk';
import { keyParams } from './model';

const localeQuery = z.strictObject({
  lang: z.enum(['en', 'lv'], { error: 'The value you selected is not a valid choice.' }).default('en'),
});

const cell = z.string().max(500).default('');
/** POST /api/orders/bulk/check: rows edited on the screen, each cell as text (the file's columns). */
const checkBody = z.strictObject({
  rows: z
    .array(
      z.strictObject({
        row: z
          .number()
          .int()
          .min(2)
          .max(MAX_BULK_ROWS + 1),
        values: z.strictObject(
          Object.fromEntries(BULK_COLUMNS.map(({ field }) => [field, cell])) as Record<BulkField, typeof cell>,
        ),
      }),
    )
    .min(1)
    .max(MAX_BULK_ROWS),
});

function callerOf(request: FastifyRequest): Caller {
  return { principal: request.principal, accountId: request.principal?.accountId ?? null };
}

const sendWorkbook = (reply: FastifyReply, name: string, file: Buffer) =>
  reply
    .type(XLSX_MIME)
    .header('content-disposition', `attachment; filename="${name}.xlsx"`)
    .header('cache-control', 'private, no-store')
    .send(file);

/**
 * Shipments in bulk (issue 12 item 5), signed-in callers only: check a file of shipments or rows
 * edited on the screen, the empty template, and an order as a shipments file. The good rows
 * become an order through POST /api/orders (the same checks once more), paid and printed as one.
 */
const tags = ['Orders'];
const reportAnswer = described(
  bulkReportSchema,
  '"N rows incorrect of M": every row, its problems and price, the total.',
);

export const orderBulkRoutes: FastifyPluginAsync<{ bulk: OrderBulk }> = async (plain, { bulk }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireAuthentication);

  // The file is the body itself (no multipart): type checked by content, not by this header.
  app.addContentTypeParser(
    [XLSX_MIME, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: MAX_BULK_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/orders/bulk',
    {
      schema: {
        consumes: [XLSX_MIME, 'application/octet-stream'],
        summary: 'Check a shipments file (XLSX, the body itself)',
        description:
          'Send the workbook as the body (`application/vnd.openxmlformats-officedocument.spreadsheetml.sheet` or ' +
          '`application/octet-stream`, at most 30 MB and 1,000 rows). Each row becomes an order line checked as ' +
          'the wizard’s would be; nothing is saved.',
        tags,
        querystring: NO_QUERY,
        response: { 200: reportAnswer, ...errorAnswers(400, 401, 403, 413, 422, 429, 503) },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) {
        throw invalidInput(400, [{ propertyPath: 'file', message: BULK_MESSAGES.notXlsx, code: 'NOT_XLSX' }]);
      }
      return bulk.checkFile(callerOf(request), request.body);
    },
  );

  app.post(
    '/orders/bulk/check',
    {
      schema: {
        summary: 'Check shipment rows edited on the screen',
        description: 'The rows as the file’s cells (text); nothing is saved.',
        tags,
        querystring: NO_QUERY,
        body: checkBody,
        response: { 200: reportAnswer, ...errorAnswers(400, 401, 403, 422, 429) },
      },
    },
    async (request) => bulk.check(callerOf(request), request.body.rows),
  );

  app.get(
    '/orders/bulk/template',
    {
      schema: {
        summary: 'Download the empty shipments file (XLSX)',
        tags,
        querystring: localeQuery,
        response: {
          200: fileAnswer(XLSX_MIME, 'The column headings, and a sheet naming the product numbers.'),
          ...errorAnswers(400, 401),
        },
      },
    },
    async (request, reply) => {
      const { lang } = request.query;
      return sendWorkbook(reply, lang === 'lv' ? 'sutijumi-veidne' : 'shipments-template', await bulk.template(lang));
    },
  );

  app.get(
    '/orders/:key/shipments',
    {
      schema: {
        summary: 'Download an order as a shipments file (XLSX)',
        description: 'Uploaded again, the file becomes the same shipments.',
        tags,
        params: keyParams,
        querystring: localeQuery,
        response: { 200: fileAnswer(XLSX_MIME, 'One row per order line.'), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const { lang } = request.query;
      const file = await bulk.exportOrder(callerOf(request), key, lang);
      return sendWorkbook(reply, `${lang === 'lv' ? 'sutijumi' : 'shipments'}-${key.slice(0, 8)}`, file);
    },
  );
};
