import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { adminRoute } from '../../auth';
import { JSON_LD } from '../../http/hydra';
import { ApiError } from '../../http/problem';
import { parseBody, parseNoQuery, parseParams, parseQuery } from '../../http/validate';
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

/**
 * The back office's calendar (issue 14 item 9; administrators only, as the settings): Latvia's
 * public holidays of a year beside the post's own days off, which it adds, changes and removes.
 */
export const postCalendarRoutes: FastifyPluginAsync<{ service: PostCalendarService }> = async (app, { service }) => {
  app.get('/admin/calendar', { config: adminRoute() }, async (request, reply) => {
    const { year } = parseQuery(yearQuery, request.query);
    reply.type(JSON_LD).header('cache-control', 'no-store');
    return { '@id': `/api/admin/calendar?year=${year}`, '@type': 'Calendar', year, days: await service.year(year) };
  });

  app.put('/admin/calendar/days_off/:date', { config: adminRoute() }, async (request, reply) => {
    const { date } = parseParams(dateParams, request.params);
    parseNoQuery(request.query);
    const body = parseBody(dayOffBody, request.body);
    if (!request.principal) throw new ApiError(401, 'Authentication required.');
    const { row, before } = await service.set({ ...body, date }, request.principal);
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
  });

  app.delete('/admin/calendar/days_off/:date', { config: adminRoute() }, async (request, reply) => {
    const { date } = parseParams(dateParams, request.params);
    parseNoQuery(request.query);
    const removed = await service.remove(date);
    auditChange(request, { entityType: 'post_day_off', entityId: date, before: dayOffResource(removed), after: null });
    reply.code(204);
  });
};
