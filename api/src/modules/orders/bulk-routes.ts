import { XLSX_MIME } from '@portal/shared-contracts/address-book';
import { BULK_COLUMNS, BULK_MESSAGES, type BulkField, MAX_BULK_ROWS } from '@portal/shared-contracts/orders';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuthentication } from '../../auth';
import { invalidInput } from '../../http/problem';
import { parseBody, parseNoQuery, parseParams, parseQuery } from '../../http/validate';
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
export const orderBulkRoutes: FastifyPluginAsync<{ bulk: OrderBulk }> = async (app, { bulk }) => {
  app.addHook('onRequest', requireAuthentication);

  // The file is the body itself (no multipart): type checked by content, not by this header.
  app.addContentTypeParser(
    [XLSX_MIME, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: MAX_BULK_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post('/orders/bulk', async (request) => {
    parseNoQuery(request.query);
    if (!Buffer.isBuffer(request.body)) {
      throw invalidInput(400, [{ propertyPath: 'file', message: BULK_MESSAGES.notXlsx, code: 'NOT_XLSX' }]);
    }
    return bulk.checkFile(callerOf(request), request.body);
  });

  app.post('/orders/bulk/check', async (request) => {
    parseNoQuery(request.query);
    const { rows } = parseBody(checkBody, request.body);
    return bulk.check(callerOf(request), rows);
  });

  app.get('/orders/bulk/template', async (request, reply) => {
    const { lang } = parseQuery(localeQuery, request.query);
    return sendWorkbook(reply, lang === 'lv' ? 'sutijumi-veidne' : 'shipments-template', await bulk.template(lang));
  });

  app.get('/orders/:key/shipments', async (request, reply) => {
    const { key } = parseParams(keyParams, request.params);
    const { lang } = parseQuery(localeQuery, request.query);
    const file = await bulk.exportOrder(callerOf(request), key, lang);
    return sendWorkbook(reply, `${lang === 'lv' ? 'sutijumi' : 'shipments'}-${key.slice(0, 8)}`, file);
  });
};
