import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { notFound, unauthorized } from '../../http/problem';
import { parseBody, parseNoQuery, parseParams } from '../../http/validate';
import { type BotCheckService, requireBotCheck } from '../bot-check';
import { type ComplaintService, complaintResource } from './service';

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
const idParams = z.strictObject({
  id: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});
const orderParams = z.strictObject({ orderKey: z.string().min(1).max(100) });

export const complaintRoutes: FastifyPluginAsync<ComplaintRoutesOptions> = async (app, { service, botCheck }) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300) reply.type(JSON_LD).header('cache-control', 'no-store');
    return payload;
  });

  // Visitors file too (a recipient with a shipment number); their complaint is not listed back.
  app.post('/complaints', { preHandler: requireBotCheck(botCheck) }, async (request, reply) => {
    parseNoQuery(request.query);
    const row = await service.file(request.principal, parseBody(complaintBody, request.body));
    reply.code(201);
    return complaintResource(row);
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
      members: rows.map(complaintResource),
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
};
