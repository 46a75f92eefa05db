import { rigaMidnight } from '@portal/shared-contracts/calendar';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, hydraCollectionAnswer } from '../../http/answer-schemas';
import { hydraCollection, JSON_LD, linkQueryOf } from '../../http/hydra';
import type { AuditRow, AuditService } from './service';

const MAX_ITEMS_PER_PAGE = 100;

const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'This value should be a whole number.')
    .transform(Number)
    .pipe(z.number().min(1, 'This value should be 1 or more.').max(max, `This value should be ${max} or less.`));

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'This value should be a date (YYYY-MM-DD).')
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
  }, 'This value should be a valid date.');

const auditQuery = z
  .strictObject({
    user: wholeNumber(2_147_483_647).optional(),
    entityType: z.string().trim().min(1).max(64).optional(),
    entityId: z.string().trim().min(1).max(128).optional(),
    /** First day (Riga time), inclusive. */
    from: isoDate.optional(),
    /** Last day (Riga time), inclusive. */
    until: isoDate.optional(),
    itemsPerPage: wholeNumber(MAX_ITEMS_PER_PAGE).default(20),
    page: wholeNumber(100_000).default(1),
  })
  .refine((query) => !query.from || !query.until || query.from <= query.until, {
    path: ['until'],
    message: 'This value should be on or after the first day.',
  });

/** A value as the audit keeps it (schema.ts `AuditValue`): the resource as the API showed it. */
const auditValueAnswer = z.record(z.string(), z.unknown()).nullable();

const auditEntryAnswer = z.object({
  '@id': z.string(),
  '@type': z.literal('AuditEntry'),
  id: z.int(),
  /** The user's IRI; null once the user is gone. */
  user: z.string().nullable(),
  userId: z.int().nullable(),
  at: z.string(),
  method: z.string(),
  /** The route's pattern, e.g. `/api/admin/service_locations/:id`. */
  route: z.string(),
  /** The URL called, without its query string. */
  path: z.string(),
  status: z.int(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: auditValueAnswer,
  after: auditValueAnswer,
});

function auditResource(row: AuditRow) {
  return {
    '@id': `/api/admin/audit/${row.id}`,
    '@type': 'AuditEntry' as const,
    id: row.id,
    user: row.userId === null ? null : `/api/users/${row.userId}`,
    userId: row.userId,
    at: row.at.toISOString(),
    method: row.method,
    route: row.route,
    path: row.path,
    status: row.status,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
  };
}

/**
 * GET /api/admin/audit: the audit trail, newest first, searchable by user, entity and Riga-time
 * date range, paged on the server. Declares no role, so administrators only (identity guard).
 */
export const auditRoutes: FastifyPluginAsync<{ audit: AuditService }> = async (plain, { audit }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/audit',
    {
      schema: {
        summary: 'Search the audit trail of back-office changes, newest first',
        description: 'Administrators only. `from` and `until` are days in Riga time, both included.',
        tags: ['Audit'],
        querystring: auditQuery,
        response: {
          200: hydraCollectionAnswer(auditEntryAnswer, 'One page of audit entries.'),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const paging = { page: query.page, itemsPerPage: query.itemsPerPage };
      const { items, totalItems } = await audit.search(
        {
          userId: query.user,
          entityType: query.entityType,
          entityId: query.entityId,
          from: query.from ? rigaMidnight(query.from) : undefined,
          until: query.until ? rigaMidnight(query.until, 1) : undefined,
        },
        paging,
      );
      reply.type(JSON_LD).header('cache-control', 'no-store');
      return hydraCollection({
        context: '/api/contexts/AuditEntry',
        path: '/api/admin/audit',
        members: items.map(auditResource),
        totalItems,
        paging,
        query: linkQueryOf(request),
      });
    },
  );
};
