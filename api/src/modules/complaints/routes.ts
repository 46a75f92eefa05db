import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { described, errorAnswers, hydraCollectionAnswer } from '../../http/answer-schemas';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { notFound, unauthorized } from '../../http/problem';
import { NO_QUERY } from '../../http/route-schemas';
import { parseBody } from '../../http/validate';
import type { StoredFile } from '../../storage';
import { type BotCheckService, requireBotCheck } from '../bot-check';
import { attachmentFileAnswer, complaintAnswer, complaintOrderAnswer } from './answers';
import type { AttachmentRow } from './attachments';
import { type ComplaintService, type ComplaintWithFiles, complaintResource } from './service';
import { readComplaintUpload } from './upload';

export interface ComplaintRoutesOptions {
  service: ComplaintService;
  botCheck: BotCheckService;
}

// Shape only (400 on a wrong type or unknown field); the SPEC rules are the shared complaint rules (422).
const optionalText = z.string().nullish();
const complaintBody = z.strictObject({
  orderKey: optionalText,
  type: optionalText,
  problemType: optionalText,
  source: optionalText,
  fullName: optionalText,
  email: optionalText,
  phone: optionalText,
  isCompany: z.boolean().nullish(),
  companyName: optionalText,
  registrationNumber: optionalText,
  shipmentNumber: optionalText,
  complainant: optionalText,
  hasContract: z.boolean().nullish(),
  contractNumber: optionalText,
  damageType: optionalText,
  description: optionalText,
  shipmentValue: optionalText,
  refundIban: optionalText,
  comment: optionalText,
  discoveredOn: optionalText,
});
const databaseId = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number);
export const idParams = z.strictObject({ id: databaseId });
export const attachmentParams = z.strictObject({ id: databaseId, attachmentId: databaseId });

/**
 * `attachment` with the file's name (RFC 6266): an ASCII stand-in for old clients and the exact
 * name percent-encoded as UTF-8 (RFC 8187), so "rēķins.pdf" downloads as itself.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'attachment';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Sends a stored file as a download: the detected type, the complainant's file name, never cached. */
export function sendAttachment(reply: FastifyReply, { row, file }: { row: AttachmentRow; file: StoredFile }) {
  return reply
    .type(row.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', attachmentDisposition(row.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
const orderParams = z.strictObject({ orderKey: z.string().min(1).max(100) });

const tags = ['Complaints'];

export const complaintRoutes: FastifyPluginAsync<ComplaintRoutesOptions> = async (plain, { service, botCheck }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply, payload) => {
    // JSON answers only: a download keeps its own type.
    if (reply.statusCode < 300 && !reply.hasHeader('content-disposition')) {
      reply.type(JSON_LD).header('cache-control', 'no-store');
    }
    return payload;
  });

  // Visitors file too (a recipient with a shipment number); their complaint is not listed back.
  // JSON, or multipart/form-data with the same JSON in the `complaint` field and the files
  // (`attachments`, `proofOfValue`; upload.ts): the bot check runs before a byte of a file is read.
  // No body schema: the body is one of two types, and the multipart one is read as it streams in.
  app.post(
    '/complaints',
    {
      // Before validation, as for every bot-checked write: 403 without a token whatever the input.
      preValidation: requireBotCheck(botCheck),
      schema: {
        summary: 'File a complaint or a refund request, with its files',
        description:
          'Send the complaint as JSON (`orderKey`, `type`, `problemType`, `source`, `fullName`, `email`, `phone`, ' +
          '`isCompany`, `companyName`, `registrationNumber`, `shipmentNumber`, `complainant`, `hasContract`, ' +
          '`contractNumber`, `damageType`, `description`, `shipmentValue`, `refundIban`, `comment`, `discoveredOn`: ' +
          'strings, booleans or null), or as `multipart/form-data` with that JSON in the `complaint` field and up to ' +
          'five files in `attachments` and `proofOfValue` (PDF, Word, Excel, PNG, JPEG, HEIC, WebP or e-signed ' +
          '`.edoc`; checked by their content). Every mistake is answered beside its field (422). Visitors pass the ' +
          'bot check first.',
        tags,
        consumes: ['application/json', 'multipart/form-data'],
        querystring: NO_QUERY,
        response: {
          201: described(complaintAnswer, 'The complaint as filed, with its submission number.'),
          ...errorAnswers(400, 401, 403, 404, 413, 422, 429),
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        const row = await service.file(request.principal, parseBody(complaintBody, request.body));
        return reply.code(201).send(complaintResource(row));
      }
      const upload = await readComplaintUpload(request);
      let row: ComplaintWithFiles;
      try {
        row = await service.file(request.principal, parseBody(complaintBody, upload.body), upload);
      } finally {
        // Before the answer: when the caller hears back, no temporary file is left.
        await upload.dispose();
      }
      return reply.code(201).send(complaintResource(row));
    },
  );

  // The form's prefill: the caller's own order only (uniform 404 otherwise).
  app.get(
    '/complaints/order/:orderKey',
    {
      schema: {
        querystring: NO_QUERY,
        summary: 'Check an order of the caller’s for the complaint form',
        tags,
        params: orderParams,
        response: {
          200: described(complaintOrderAnswer, 'The order is the caller’s.'),
          ...errorAnswers(400, 401, 404),
        },
      },
    },
    async (request) => {
      const order = await service.ownOrderForForm(request.principal, request.params.orderKey);
      return { '@type': 'ComplaintOrder' as const, orderKey: order.key, shipmentNumbers: order.shipmentNumbers };
    },
  );

  app.get(
    '/complaints',
    {
      schema: {
        summary: 'List the caller’s complaints, newest first',
        tags,
        querystring: NO_QUERY,
        response: {
          200: hydraCollectionAnswer(complaintAnswer, 'Every complaint the caller filed, with its files.'),
          ...errorAnswers(400, 401),
        },
      },
    },
    async (request) => {
      if (!request.principal) throw unauthorized();
      const rows = await service.list(request.principal);
      return hydraCollection({
        context: '/api/contexts/Complaint',
        path: '/api/complaints',
        members: rows.map((row) => complaintResource(row)),
        totalItems: rows.length,
        paging: { page: 1, itemsPerPage: Math.max(rows.length, 1) },
        query: {},
      });
    },
  );

  app.get(
    '/complaints/:id',
    {
      schema: {
        querystring: NO_QUERY,
        summary: 'Read one of the caller’s complaints',
        tags,
        params: idParams,
        response: { 200: described(complaintAnswer, 'The complaint, with its files.'), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => {
      if (!request.principal) throw notFound();
      return complaintResource(await service.get(request.principal, request.params.id));
    },
  );

  // The complainant's own files only: anyone else, and every visitor, gets the uniform 404.
  app.get(
    '/complaints/:id/attachments/:attachmentId',
    {
      schema: {
        summary: 'Download a file of one of the caller’s complaints',
        tags,
        params: attachmentParams,
        querystring: NO_QUERY,
        response: { 200: attachmentFileAnswer, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      return sendAttachment(reply, await service.attachment(request.principal, id, attachmentId));
    },
  );
};
