import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { acceptedLocale } from '../../http/locale';
import { unauthorized } from '../../http/problem';
import { parseBody, parseNoQuery, parseParams, parseQuery } from '../../http/validate';
import type { BannerService } from './banner';
import type { NotificationService } from './service';
import type { NotificationSettingsService } from './settings';

export interface NotificationRoutesOptions {
  service: NotificationService;
  settings: NotificationSettingsService;
}

const listQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(10),
});
const idParams = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
// The shared rules (notificationSettingsViolations) check the values and give the messages.
const settingsBody = z.strictObject({ language: z.unknown().default(null), statuses: z.unknown().default([]) });

function subjectOf(request: FastifyRequest): string {
  if (!request.principal) throw unauthorized();
  return request.principal.subject;
}

/** The signed-in user's notifications (registered under /api only, behind authentication). */
export const notificationRoutes: FastifyPluginAsync<NotificationRoutesOptions> = async (app, { service, settings }) => {
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

  // The Settings tab of /settings: which status changes notify, and the e-mails' language.
  app.get('/users/:id/notification_settings', async (request) => {
    parseNoQuery(request.query);
    const { id } = parseParams(idParams, request.params);
    return settings.get(subjectOf(request), id);
  });

  app.put('/users/:id/notification_settings', async (request) => {
    parseNoQuery(request.query);
    const { id } = parseParams(idParams, request.params);
    const body = parseBody(settingsBody, request.body);
    return settings.put(subjectOf(request), id, { language: body.language ?? null, statuses: body.statuses });
  });

  // The header's unread count (a widget on every page): small, and never cached.
  app.get('/notifications/unread_count', async (request, reply) => {
    parseNoQuery(request.query);
    reply.header('cache-control', 'no-store');
    return service.unreadCount(subjectOf(request));
  });

  // An announcement of the post read by the caller (one row per reader; again: unchanged).
  app.post('/announcements/:id/read', async (request) => {
    const { id } = parseParams(idParams, request.params);
    return service.markAnnouncementRead(subjectOf(request), id, acceptedLocale(request.headers['accept-language']));
  });

  app.post('/notifications/:id/read', async (request) => {
    const { id } = parseParams(idParams, request.params);
    return service.markRead(subjectOf(request), id, acceptedLocale(request.headers['accept-language']));
  });
};

/** GET /api/public/notification_banner (and the signed-in twin): the banner in the request's language. */
export const bannerRoutes: FastifyPluginAsync<{ banner: BannerService }> = async (app, { banner }) => {
  app.get('/notification_banner', async (request, reply) => {
    parseNoQuery(request.query);
    // One URL, two languages, and a change must show at once.
    reply.type(JSON_LD).header('vary', 'Accept-Language').header('cache-control', 'no-cache');
    return banner.shown(acceptedLocale(request.headers['accept-language']));
  });
};
