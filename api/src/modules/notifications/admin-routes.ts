import { ANNOUNCEMENT_STATUSES, RECIPIENT_GROUPS } from '@portal/shared-contracts/account';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoute } from '../../auth';
import { described, errorAnswers, fileAnswer, hydraCollectionAnswer } from '../../http/answer-schemas';
import { hydraCollection, JSON_LD, linkQueryOf } from '../../http/hydra';
import { NO_BODY, NO_QUERY } from '../../http/route-schemas';
import type { WorkbookWriter } from '../../spreadsheet/workbook-writer';
import { auditChange } from '../audit';
import { ANNOUNCEMENT_SORTS, type AnnouncementFilter, type AnnouncementService } from './announcements';
import { announcementAdminAnswer, bannerAdminAnswer } from './answers';
import type { BannerService } from './banner';
import { announcementsWorkbook, XLSX_MIME } from './export';

export interface AnnouncementAdminRoutesOptions {
  announcements: AnnouncementService;
  banner: BannerService;
  /** Writes the export workbook (the composition root's, on worker threads). */
  workbooks: WorkbookWriter;
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
// Shape only: the shared rules (announcementViolations) say what is missing or wrong (422). No body
// (or null) is an empty one, so that the rules name every missing field.
const announcementBody = z
  .strictObject({
    recipientGroups: z.unknown().optional(),
    channels: z.unknown().optional(),
    caption: z.string().nullish(),
    description: z.string().nullish(),
    content: z.string().nullish(),
    captionLv: z.string().nullish(),
    descriptionLv: z.string().nullish(),
    contentLv: z.string().nullish(),
  })
  .nullish();

// Shape only: `bannerViolations` says what is wrong (422); no body (or null) is an empty one.
const bannerBody = z
  .strictObject({
    active: z.unknown().optional(),
    textEn: z.string().nullish(),
    textLv: z.string().nullish(),
  })
  .nullish();

const tags = ['Notifications (back office)'];

// The plain reply: the file is bytes, which the documented binary answer stands for.
const sendWorkbook = (reply: FastifyReply, name: string, file: Buffer) =>
  reply.type(XLSX_MIME).header('content-disposition', `attachment; filename="${name}.xlsx"`).send(file);

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
  plain,
  { announcements, banner, workbooks },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300 && reply.getHeader('content-type') === undefined) reply.type(JSON_LD);
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/admin/notifications',
    {
      config: adminRoute(...ROLES),
      schema: {
        summary: 'List the post’s announcements',
        tags,
        querystring: listQuery,
        response: {
          200: hydraCollectionAnswer(announcementAdminAnswer, 'One page of announcements.'),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      const query = request.query;
      const paging = { page: query.page, itemsPerPage: query.itemsPerPage };
      const { members, total } = await announcements.list(filterOf(query), paging);
      return hydraCollection({
        context: '/api/contexts/Notification',
        path: '/api/admin/notifications',
        members,
        totalItems: total,
        paging,
        query: linkQueryOf(request),
      });
    },
  );

  app.get(
    '/admin/notifications/export',
    {
      config: adminRoute(...ROLES),
      schema: {
        summary: 'Download the announcements the filter finds as a spreadsheet (XLSX)',
        tags,
        querystring: exportQuery,
        response: { 200: fileAnswer(XLSX_MIME, 'The announcements, one row each.'), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const file = await workbooks(announcementsWorkbook(await announcements.all(filterOf(query)), query.lang));
      return sendWorkbook(reply, query.lang === 'lv' ? 'pazinojumi' : 'notifications', file);
    },
  );

  app.get(
    '/admin/notifications/:id',
    {
      config: adminRoute(...ROLES),
      schema: {
        summary: 'Read an announcement',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        response: { 200: described(announcementAdminAnswer, 'The announcement.'), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => announcements.find(request.params.id),
  );

  app.post(
    '/admin/notifications',
    {
      config: adminRoute(...ROLES),
      schema: {
        summary: 'Compose an announcement (unsent)',
        description: 'Both languages are required; at least one recipient group and one way to send it.',
        tags,
        querystring: NO_QUERY,
        body: announcementBody,
        response: {
          201: described(announcementAdminAnswer, 'The announcement as stored; `Location` names it.'),
          ...errorAnswers(400, 401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      const created = await announcements.create(request.body ?? {}, request.principal?.subject ?? null);
      auditChange(request, { entityType: 'notification', entityId: created.id, before: null, after: created });
      reply.code(201).header('location', created['@id']);
      return created;
    },
  );

  app.put(
    '/admin/notifications/:id',
    {
      config: adminRoute(...ROLES),
      schema: {
        summary: 'Change an unsent announcement',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        body: announcementBody,
        response: {
          200: described(announcementAdminAnswer, 'The announcement as stored.'),
          ...errorAnswers(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const before = await announcements.find(id);
      const after = await announcements.update(id, request.body ?? {});
      auditChange(request, { entityType: 'notification', entityId: id, before, after });
      return after;
    },
  );

  app.post(
    '/admin/notifications/:id/send',
    {
      config: adminRoute(...ROLES),
      schema: {
        body: NO_BODY,
        summary: 'Send an unsent announcement',
        description: 'Marks it sent, then sends its e-mails and text messages in the background; a sent one is 409.',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        response: {
          200: described(announcementAdminAnswer, 'The announcement, sent, with how many messages were queued.'),
          ...errorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const before = await announcements.find(id);
      const after = await announcements.send(id);
      auditChange(request, { entityType: 'notification', entityId: id, before, after });
      return after;
    },
  );

  // The notification banner of the content group: one notice on every page while switched on.
  app.get(
    '/admin/notification_banner',
    {
      config: adminRoute(...ROLES),
      schema: {
        summary: 'Read the notification banner with both texts',
        tags,
        querystring: NO_QUERY,
        response: { 200: bannerAdminAnswer, ...errorAnswers(400, 401, 403) },
      },
    },
    async () => banner.admin(),
  );

  app.put(
    '/admin/notification_banner',
    {
      config: adminRoute(...ROLES),
      schema: {
        summary: 'Change the notification banner, or switch it on or off',
        description: 'A banner switched on needs both texts.',
        tags,
        querystring: NO_QUERY,
        body: bannerBody,
        response: { 200: described(bannerAdminAnswer, 'The banner as stored.'), ...errorAnswers(400, 401, 403, 422) },
      },
    },
    async (request) => {
      const before = await banner.admin();
      const after = await banner.save(request.body ?? {}, request.principal?.subject ?? null);
      auditChange(request, { entityType: 'notification_banner', entityId: null, before, after });
      return after;
    },
  );
};
