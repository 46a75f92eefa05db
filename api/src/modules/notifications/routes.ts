import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { acceptedLocale } from '../../http/locale';
import { unauthorized } from '../../http/problem';
import { parseParams, parseQuery } from '../../http/validate';
import type { NotificationService } from './service';

export interface NotificationRoutesOptions {
  service: NotificationService;
}

const listQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(10),
});
const idParams = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

function subjectOf(request: FastifyRequest): string {
  if (!request.principal) throw unauthorized();
  return request.principal.subject;
}

/** The signed-in user's notifications (registered under /api only, behind authentication). */
export const notificationRoutes: FastifyPluginAsync<NotificationRoutesOptions> = async (app, { service }) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300) reply.type(JSON_LD);
    return payload;
  });

  app.get('/notifications', async (request) => {
    const query = parseQuery(listQuery, request.query);
    const locale = acceptedLocale(request.headers['accept-language']);
    const { members, total } = await service.list(subjectOf(request), query, locale);
    return hydraCollection({
      context: '/api/contexts/Notification',
      path: '/api/notifications',
      members,
      totalItems: total,
      paging: query,
      query: { itemsPerPage: String(query.itemsPerPage) },
    });
  });

  app.post('/notifications/:id/read', async (request) => {
    const { id } = parseParams(idParams, request.params);
    return service.markRead(subjectOf(request), id, acceptedLocale(request.headers['accept-language']));
  });
};
