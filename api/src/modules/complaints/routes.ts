import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { notFound, unauthorized } from '../../http/problem';
import { parseBody, parseNoQuery, parseParams } from '../../http/validate';
import type { StoredFile } from '../../storage';
import { type BotCheckService, requireBotCheck } from '../bot-check';
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

export const complaintRoutes: FastifyPluginAsync<ComplaintRoutesOptions> = async (app, { service, botCheck }) => {
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
  app.post('/complaints', { preHandler: requireBotCheck(botCheck) }, async (request, reply) => {
    parseNoQuery(request.query);
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
  });

  // The form's prefill: the caller's own order only (uniform 404 otherwise).
  app.get('/complaints/order/:orderKey', async (request) => {
    const { orderKey } = parseParams(orderParams, request.params);
    const order = await service.ownOrder(request.principal, orderKey);
    return { '@type': 'ComplaintOrder', orderKey: order.key };
  });

  app.get('/complaints', async (request) => {
    parseNoQuery(request.query);
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
  });

  app.get('/complaints/:id', async (request) => {
    const { id } = parseParams(idParams, request.params);
    if (!request.principal) throw notFound();
    return complaintResource(await service.get(request.principal, id));
  });

  // The complainant's own files only: anyone else, and every visitor, gets the uniform 404.
  app.get('/complaints/:id/attachments/:attachmentId', async (request, reply) => {
    const { id, attachmentId } = parseParams(attachmentParams, request.params);
    parseNoQuery(request.query);
    return sendAttachment(reply, await service.attachment(request.principal, id, attachmentId));
  });
};
