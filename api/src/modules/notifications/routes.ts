import { notificationSettingsSchema } from '@portal/shared-contracts/account';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { described, errorAnswers, hydraCollectionAnswer } from '../../http/answer-schemas';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { acceptedLocale } from '../../http/locale';
import { unauthorized } from '../../http/problem';
import { NO_BODY, NO_QUERY } from '../../http/route-schemas';
import { announcementAnswer, bannerAnswer, listEntryAnswer, notificationAnswer, unreadCountAnswer } from './answers';
import type { BannerService } from './banner';
import type { NotificationService } from './service';
import type { NotificationSettingsService } from './settings';

export interface NotificationRoutesOptions {
  service: NotificationService;
  settings: NotificationSettingsService;
}

const tags = ['Notifications'];

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
export const notificationRoutes: FastifyPluginAsync<NotificationRoutesOptions> = async (
  plain,
  { service, settings },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300) reply.type(JSON_LD);
    return payload;
  });

  app.get(
    '/notifications',
    {
      schema: {
        summary: 'List the caller’s notifications, newest first',
        description:
          'Status changes of the caller’s shipments and the post’s announcements for their accounts’ types, in one ' +
          'list, in the language of `Accept-Language`.',
        tags,
        querystring: listQuery,
        response: {
          200: hydraCollectionAnswer(listEntryAnswer, 'One page of notifications and announcements.'),
          ...errorAnswers(400, 401),
        },
      },
    },
    async (request) => {
      const query = request.query;
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
    },
  );

  // The Settings tab of /settings: which status changes notify, and the e-mails' language.
  app.get(
    '/users/:id/notification_settings',
    {
      schema: {
        summary: 'Read which status changes notify the user, and in which language',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        response: {
          200: described(notificationSettingsSchema, 'The user’s choices (all statuses until they choose).'),
          ...errorAnswers(400, 401, 404),
        },
      },
    },
    async (request) => settings.get(subjectOf(request), request.params.id),
  );

  app.put(
    '/users/:id/notification_settings',
    {
      schema: {
        summary: 'Choose which status changes notify the user, and in which language',
        description: '`language` is `en`, `lv` or null (both, Latvian first); `statuses` lists the notified statuses.',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        body: settingsBody,
        response: {
          200: described(notificationSettingsSchema, 'The choices as stored.'),
          ...errorAnswers(400, 401, 404, 422),
        },
      },
    },
    async (request) => {
      const { body } = request;
      return settings.put(subjectOf(request), request.params.id, {
        language: body.language ?? null,
        statuses: body.statuses,
      });
    },
  );

  // The header's unread count (a widget on every page): small, and never cached.
  app.get(
    '/notifications/unread_count',
    {
      schema: {
        summary: 'Count the caller’s notifications and how many are unread',
        tags,
        querystring: NO_QUERY,
        response: { 200: unreadCountAnswer, ...errorAnswers(400, 401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.unreadCount(subjectOf(request));
    },
  );

  // An announcement of the post read by the caller (one row per reader; again: unchanged).
  app.post(
    '/announcements/:id/read',
    {
      schema: {
        querystring: NO_QUERY,
        body: NO_BODY,
        summary: 'Mark an announcement read',
        tags,
        params: idParams,
        response: {
          200: described(announcementAnswer, 'The announcement, read.'),
          ...errorAnswers(400, 401, 404),
        },
      },
    },
    async (request) =>
      service.markAnnouncementRead(
        subjectOf(request),
        request.params.id,
        acceptedLocale(request.headers['accept-language']),
      ),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        querystring: NO_QUERY,
        body: NO_BODY,
        summary: 'Mark a notification read',
        tags,
        params: idParams,
        response: {
          200: described(notificationAnswer, 'The notification, read.'),
          ...errorAnswers(400, 401, 404),
        },
      },
    },
    async (request) =>
      service.markRead(subjectOf(request), request.params.id, acceptedLocale(request.headers['accept-language'])),
  );
};

/** GET /api/public/notification_banner (and the signed-in twin): the banner in the request's language. */
export const bannerRoutes: FastifyPluginAsync<{ banner: BannerService }> = async (plain, { banner }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/notification_banner',
    {
      schema: {
        summary: 'Read the notification banner in the language of Accept-Language',
        tags,
        querystring: NO_QUERY,
        // 401 only under /api (a token that does not verify); /api/public asks for none.
        response: { 200: bannerAnswer, ...errorAnswers(400, 401) },
      },
    },
    async (request, reply) => {
      // One URL, two languages, and a change must show at once.
      reply.type(JSON_LD).header('vary', 'Accept-Language').header('cache-control', 'no-cache');
      return banner.shown(acceptedLocale(request.headers['accept-language']));
    },
  );
};
