import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoute } from '../../auth';
import { errorAnswers, noContent } from '../../http/answer-schemas';
import { JSON_LD } from '../../http/hydra';
import { ApiError } from '../../http/problem';
import { NO_QUERY } from '../../http/route-schemas';
import { auditChange } from '../audit';
import { dayOffResource, type PostCalendarService } from './service';

const yearQuery = z.strictObject({
  year: z
    .string()
    .regex(/^\d{4}$/, 'This value should be a year (YYYY).')
    .transform(Number)
    .pipe(z.number().min(2000, 'This value should be 2000 or more.').max(2100, 'This value should be 2100 or less.')),
});
// A day in the path: its shape here (400); whether it may be a day off is the shared rule (422).
const dateParams = z.strictObject({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'This value should be a date (YYYY-MM-DD).'),
});
// Shape only; the rules (required, length) are the shared ones.
const dayOffBody = z.strictObject({
  reasonEn: z.string().nullish(),
  reasonLv: z.string().nullish(),
});

// The answers (the back office's settings screen reads them: mf-admin/src/features/settings/api.ts).
const calendarAnswer = z
  .object({
    '@id': z.string(),
    '@type': z.literal('Calendar'),
    year: z.int(),
    days: z.array(
      z.object({
        date: z.iso.date(),
        kind: z.enum(['public_holiday', 'post_day_off']),
        nameEn: z.string(),
        nameLv: z.string(),
      }),
    ),
  })
  .describe('The public holidays and the post’s days off of the year, by date.');
const dayOffAnswer = z.object({
  '@id': z.string(),
  '@type': z.literal('PostDayOff'),
  date: z.iso.date(),
  reasonEn: z.string(),
  reasonLv: z.string(),
  updatedAt: z.iso.datetime(),
});

const tags = ['Post calendar'];

/**
 * The back office's calendar (issue 14 item 9; administrators only, as the settings): Latvia's
 * public holidays of a year beside the post's own days off, which it adds, changes and removes.
 */
export const postCalendarRoutes: FastifyPluginAsync<{ service: PostCalendarService }> = async (plain, { service }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/calendar',
    {
      config: adminRoute(),
      schema: {
        summary: 'Read the calendar of a year: public holidays and the post’s days off',
        tags,
        querystring: yearQuery,
        response: { 200: calendarAnswer, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { year } = request.query;
      reply.type(JSON_LD).header('cache-control', 'no-store');
      return {
        '@id': `/api/admin/calendar?year=${year}`,
        '@type': 'Calendar' as const,
        year,
        days: await service.year(year),
      };
    },
  );

  app.put(
    '/admin/calendar/days_off/:date',
    {
      config: adminRoute(),
      schema: {
        summary: 'Add or change one of the post’s days off',
        description:
          'A future weekday that is not a public holiday, with the reason in English and Latvian. ' +
          'Answers 201 for a new day off, 200 for a changed one.',
        tags,
        params: dateParams,
        querystring: NO_QUERY,
        body: dayOffBody,
        response: {
          200: dayOffAnswer.describe('The day off as changed.'),
          201: dayOffAnswer.describe('The new day off.'),
          ...errorAnswers(400, 401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      const { date } = request.params;
      if (!request.principal) throw new ApiError(401, 'Authentication required.');
      const { row, before } = await service.set({ ...request.body, date }, request.principal);
      const after = dayOffResource(row);
      auditChange(request, {
        entityType: 'post_day_off',
        entityId: date,
        before: before ? dayOffResource(before) : null,
        after,
      });
      reply
        .code(before ? 200 : 201)
        .type(JSON_LD)
        .header('cache-control', 'no-store');
      return after;
    },
  );

  app.delete(
    '/admin/calendar/days_off/:date',
    {
      config: adminRoute(),
      schema: {
        summary: 'Remove one of the post’s days off',
        tags,
        params: dateParams,
        querystring: NO_QUERY,
        response: { 204: noContent('Removed.'), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { date } = request.params;
      const removed = await service.remove(date);
      auditChange(request, {
        entityType: 'post_day_off',
        entityId: date,
        before: dayOffResource(removed),
        after: null,
      });
      return reply.code(204).send(null);
    },
  );
};
