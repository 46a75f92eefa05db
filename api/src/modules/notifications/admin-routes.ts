import { ANNOUNCEMENT_STATUSES, RECIPIENT_GROUPS } from '@portal/shared-contracts/account';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { adminRoute } from '../../auth';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { parseBody, parseNoQuery, parseParams, parseQuery } from '../../http/validate';
import { auditChange } from '../audit';
import { ANNOUNCEMENT_SORTS, type AnnouncementFilter, type AnnouncementService } from './announcements';
import type { BannerService } from './banner';
import { announcementsWorkbook, XLSX_MIME } from './export';

export interface AnnouncementAdminRoutesOptions {
  announcements: AnnouncementService;
  banner: BannerService;
}

/**
 * Who composes and sends the post's announcements: content editors (the content group of the
 * back office's navigation holds the notification banner) and administrators. Customer service and
 * product managers have no business writing to every customer.
 */
const ROLES = ['content_editor'] as const;

const pageParameter = (max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'This value should be a whole number.')
    .transform(Number)
    .pipe(z.number().min(1, 'This value should be 1 or more.').max(max, `This value should be ${max} or less.`));

const filterQuery = {
  status: z.enum(ANNOUNCEMENT_STATUSES, { error: 'This value should be unsent or sent.' }).optional(),
  recipientGroup: z.enum(RECIPIENT_GROUPS, { error: 'This value should be private or company.' }).optional(),
  sort: z
    .enum(ANNOUNCEMENT_SORTS, { error: 'This value should be createdAt, sentAt or caption.' })
    .default('createdAt'),
  direction: z.enum(['asc', 'desc'], { error: 'This value should be asc or desc.' }).default('desc'),
};
const listQuery = z.strictObject({
  ...filterQuery,
  page: pageParameter(100_000).default(1),
  itemsPerPage: pageParameter(100).default(5),
});
const exportQuery = z.strictObject({
  ...filterQuery,
  lang: z.enum(['en', 'lv'], { error: 'This value should be en or lv.' }).default('lv'),
});
const idParams = z.strictObject({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'This value should be a notification number.')
    .transform(Number),
});
// Shape only: the shared rules (announcementViolations) say what is missing or wrong (422).
const announcementBody = z.strictObject({
  recipientGroups: z.unknown().optional(),
  channels: z.unknown().optional(),
  caption: z.string().nullish(),
  description: z.string().nullish(),
  content: z.string().nullish(),
  captionLv: z.string().nullish(),
  descriptionLv: z.string().nullish(),
  contentLv: z.string().nullish(),
});

// Shape only: `bannerViolations` says what is wrong (422).
const bannerBody = z.strictObject({
  active: z.unknown().optional(),
  textEn: z.string().nullish(),
  textLv: z.string().nullish(),
});

const filterOf = (query: z.infer<typeof exportQuery> | z.infer<typeof listQuery>): AnnouncementFilter => ({
  status: query.status,
  recipientGroup: query.recipientGroup,
  sort: query.sort,
  direction: query.direction,
});

/**
 * `/api/admin/notifications` (issue 14 item 6): list (paged, filtered, sorted), export as XLSX,
 * compose, change while unsent, and send (unsent → sent). Every change writes an audit row.
 */
export const announcementAdminRoutes: FastifyPluginAsync<AnnouncementAdminRoutesOptions> = async (
  app,
  { announcements, banner },
) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300 && reply.getHeader('content-type') === undefined) reply.type(JSON_LD);
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/admin/notifications', { config: adminRoute(...ROLES) }, async (request) => {
    const query = parseQuery(listQuery, request.query);
    const paging = { page: query.page, itemsPerPage: query.itemsPerPage };
    const { members, total } = await announcements.list(filterOf(query), paging);
    return hydraCollection({
      context: '/api/contexts/Notification',
      path: '/api/admin/notifications',
      members,
      totalItems: total,
      paging,
      query: request.query as Record<string, string>,
    });
  });

  app.get('/admin/notifications/export', { config: adminRoute(...ROLES) }, async (request, reply) => {
    const query = parseQuery(exportQuery, request.query);
    const file = await announcementsWorkbook(await announcements.all(filterOf(query)), query.lang);
    return reply
      .type(XLSX_MIME)
      .header(
        'content-disposition',
        `attachment; filename="${query.lang === 'lv' ? 'pazinojumi' : 'notifications'}.xlsx"`,
      )
      .send(file);
  });

  app.get('/admin/notifications/:id', { config: adminRoute(...ROLES) }, async (request) => {
    parseNoQuery(request.query);
    const { id } = parseParams(idParams, request.params);
    return announcements.find(id);
  });

  app.post('/admin/notifications', { config: adminRoute(...ROLES) }, async (request, reply) => {
    parseNoQuery(request.query);
    const body = parseBody(announcementBody, request.body ?? {});
    const created = await announcements.create(body, request.principal?.subject ?? null);
    auditChange(request, { entityType: 'notification', entityId: created.id, before: null, after: created });
    reply.code(201).header('location', created['@id']);
    return created;
  });

  app.put('/admin/notifications/:id', { config: adminRoute(...ROLES) }, async (request) => {
    parseNoQuery(request.query);
    const { id } = parseParams(idParams, request.params);
    const body = parseBody(announcementBody, request.body ?? {});
    const before = await announcements.find(id);
    const after = await announcements.update(id, body);
    auditChange(request, { entityType: 'notification', entityId: id, before, after });
    return after;
  });

  app.post('/admin/notifications/:id/send', { config: adminRoute(...ROLES) }, async (request) => {
    parseNoQuery(request.query);
    const { id } = parseParams(idParams, request.params);
    const before = await announcements.find(id);
    const after = await announcements.send(id);
    auditChange(request, { entityType: 'notification', entityId: id, before, after });
    return after;
  });

  // The notification banner of the content group: one notice on every page while switched on.
  app.get('/admin/notification_banner', { config: adminRoute(...ROLES) }, async (request) => {
    parseNoQuery(request.query);
    return banner.admin();
  });

  app.put('/admin/notification_banner', { config: adminRoute(...ROLES) }, async (request) => {
    parseNoQuery(request.query);
    const body = parseBody(bannerBody, request.body ?? {});
    const before = await banner.admin();
    const after = await banner.save(body, request.principal?.subject ?? null);
    auditChange(request, { entityType: 'notification_banner', entityId: null, before, after });
    return after;
  });
};
