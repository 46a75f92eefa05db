import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoute } from '../../auth';
import type { Orm } from '../../db/database';
import { errorAnswers, hydraCollectionAnswer } from '../../http/answer-schemas';
import { hydraCollection, JSON_LD, linkQueryOf } from '../../http/hydra';
import { userEmails } from '../identity';
import { archivedOrderAnswer } from './answers';
import { orderLines, orders } from './schema';
import { qualified } from './sql-fields';

// SPEC §2 admin "archive" (issue 14 item 2): the paid orders of deleted accounts, which the post
// keeps for its records (archive.ts). Read-only; administrators and customer service.

const MAX_ITEMS_PER_PAGE = 100;
const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'This value should be a whole number.')
    .transform(Number)
    .pipe(z.number().min(1, 'This value should be 1 or more.').max(max, `This value should be ${max} or less.`));
const archiveQuery = z.strictObject({
  page: wholeNumber(100_000).default(1),
  itemsPerPage: wholeNumber(MAX_ITEMS_PER_PAGE).default(20),
});

/** Archived orders, newest archiving first, with who created them and their shipment numbers (test-mode orders never). */
export async function archivedOrders(orm: Orm, paging: { page: number; itemsPerPage: number }) {
  const [rows, [total]] = await Promise.all([
    orm
      .select({
        id: orders.id,
        status: orders.status,
        price: orders.price,
        paidAt: orders.paidAt,
        archivedAt: orders.archivedAt,
        pseudonymisedAt: orders.pseudonymisedAt,
        createdAt: orders.createdAt,
        userId: orders.userId,
        barcodes: qualified(
          sql<
            string[]
          >`coalesce((select array_agg(${orderLines.barcode} order by ${orderLines.id}) from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.barcode} is not null), '{}')`,
        ),
      })
      .from(orders)
      .where(and(isNotNull(orders.archivedAt), eq(orders.testMode, false)))
      .orderBy(desc(orders.archivedAt), desc(orders.id))
      .limit(paging.itemsPerPage)
      .offset((paging.page - 1) * paging.itemsPerPage),
    orm
      .select({ value: count() })
      .from(orders)
      .where(and(isNotNull(orders.archivedAt), eq(orders.testMode, false))),
  ]);
  // Who created each order, as the identity module knows them.
  const emailOf = await userEmails(
    orm,
    rows.flatMap((row) => (row.userId === null ? [] : [row.userId])),
  );
  return {
    rows: rows.map((row) => ({ ...row, userEmail: row.userId === null ? null : (emailOf.get(row.userId) ?? null) })),
    totalItems: total?.value ?? 0,
  };
}

export const archiveRoutes: FastifyPluginAsync<{ orm: Orm }> = async (plain, { orm }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/archive/orders',
    {
      config: adminRoute('customer_service'),
      schema: {
        summary: 'List the archived orders of deleted accounts (back office)',
        description: 'Paid orders the post keeps for its records, newest archiving first. Read-only.',
        tags: ['Orders'],
        querystring: archiveQuery,
        response: {
          200: hydraCollectionAnswer(archivedOrderAnswer, 'One page of archived orders.'),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const paging = { page: query.page, itemsPerPage: query.itemsPerPage };
      const { rows, totalItems } = await archivedOrders(orm, paging);
      reply.type(JSON_LD).header('cache-control', 'no-store');
      return hydraCollection({
        context: '/api/contexts/ArchivedOrder',
        path: '/api/admin/archive/orders',
        members: rows.map((row) => ({
          '@id': `/api/admin/archive/orders/${row.id}`,
          '@type': 'ArchivedOrder' as const,
          id: row.id,
          status: row.status,
          totalCents: row.price?.amount ?? null,
          barcodes: row.barcodes,
          user: row.userId === null ? null : { id: row.userId, email: row.userEmail },
          createdAt: row.createdAt.toISOString(),
          paidAt: row.paidAt?.toISOString() ?? null,
          archivedAt: row.archivedAt?.toISOString() ?? null,
          pseudonymisedAt: row.pseudonymisedAt?.toISOString() ?? null,
        })),
        totalItems,
        paging,
        query: linkQueryOf(request),
      });
    },
  );
};
