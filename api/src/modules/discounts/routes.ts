import { MAX_DATABASE_INTEGER, MIN_DATABASE_INTEGER } from '@portal/shared-contracts';
import type { Discount } from '@portal/shared-contracts/admin';
import {
  DISCOUNT_FREQUENCIES,
  DISCOUNT_KINDS,
  DISCOUNT_STATUSES,
  DISCOUNT_TYPES,
  DISCOUNT_USER_TYPES,
  discountSchema,
} from '@portal/shared-contracts/admin';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoute } from '../../auth';
import { described, errorAnswers, fileAnswer, hydraCollectionAnswer, noContent } from '../../http/answer-schemas';
import { hydraCollection, JSON_LD, linkQueryOf } from '../../http/hydra';
import { acceptedLocale } from '../../http/locale';
import { notFound } from '../../http/problem';
import { NO_BODY, NO_QUERY } from '../../http/route-schemas';
import type { WorkbookWriter } from '../../spreadsheet/workbook-writer';
import { auditChange } from '../audit';
import { discountsWorkbook } from './export';
import { DISCOUNT_SORTS, type DiscountService } from './service';

const MAX_ITEMS_PER_PAGE = 100;

const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'This value should be a whole number.')
    .transform(Number)
    .pipe(z.number().min(1, 'This value should be 1 or more.').max(max, `This value should be ${max} or less.`));

const filterQuery = {
  code: z
    .string()
    .trim()
    .max(50, 'This value should have 50 characters or less.')
    .regex(/^[A-Za-z0-9_-]*$/, 'This value should contain only letters, digits, "-" and "_".')
    .optional(),
  status: z.enum(DISCOUNT_STATUSES, { error: 'This value should be active or inactive.' }).optional(),
  kind: z.enum(DISCOUNT_KINDS, { error: 'This value should be code or loyalty.' }).optional(),
  sort: z
    .enum(DISCOUNT_SORTS, { error: `This value should be one of: ${DISCOUNT_SORTS.join(', ')}.` })
    .default('createdAt'),
  direction: z.enum(['asc', 'desc'], { error: 'This value should be asc or desc.' }).default('desc'),
};
const listQuery = z.strictObject({
  ...filterQuery,
  itemsPerPage: wholeNumber(MAX_ITEMS_PER_PAGE).default(20),
  page: wholeNumber(100_000).default(1),
});
const exportQuery = z.strictObject(filterQuery);

const idParams = z.strictObject({ id: wholeNumber(2_147_483_647) });

// Shape only; the rules (readable code, counts, periods, loyalty) are the shared ones (422).
const storedInt = z
  .number()
  .int('This value should be a whole number.')
  .min(MIN_DATABASE_INTEGER)
  .max(MAX_DATABASE_INTEGER);
const nullableInt = storedInt.nullable();
const discountBody = z.strictObject({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS, { error: 'This value is not a valid choice.' }).default('code'),
  type: z.enum(DISCOUNT_TYPES, { error: 'This value is not a valid choice.' }),
  value: storedInt,
  frequency: z.enum(DISCOUNT_FREQUENCIES, { error: 'This value is not a valid choice.' }).default('each'),
  frequencyIndex: nullableInt.default(null),
  status: z.enum(DISCOUNT_STATUSES, { error: 'This value is not a valid choice.' }).default('active'),
  maxCount: nullableInt.default(null),
  leftCount: nullableInt.default(null),
  validFrom: z.string(),
  validTill: z.string(),
  userType: z.enum(DISCOUNT_USER_TYPES, { error: 'This value is not a valid choice.' }).default('all'),
});

function resource(discount: Discount) {
  return { '@id': `/api/admin/discounts/${discount.id}`, '@type': 'Discount' as const, ...discount };
}

/** A discount as the back office reads it (resource): the contract's Discount with its JSON-LD names. */
const discountAnswer = z.object({
  '@id': z.string(),
  '@type': z.literal('Discount'),
  ...discountSchema.shape,
});

/** A loyalty discount the user holds (UserDiscount, service.ts). */
const userDiscountAnswer = z.object({
  '@id': z.string(),
  '@type': z.literal('UserDiscount'),
  id: z.int(),
  code: z.string(),
  type: z.enum(DISCOUNT_TYPES),
  /** Basis points for a percentage, cents for a special price. */
  value: z.int(),
  /** YYYY-MM-DD. */
  validFrom: z.string().nullable(),
  validTill: z.string().nullable(),
  assignedAt: z.string(),
  /** Null until the user closed the new-discount dialog. */
  seenAt: z.string().nullable(),
  /** Whether it can be applied today (active, in its period, uses left). */
  usable: z.boolean(),
});

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The export's bytes (the route documents them as a file, not as JSON). */
const sendWorkbook = (reply: FastifyReply, file: Buffer) =>
  reply
    .type(XLSX_MIME)
    .header('content-disposition', 'attachment; filename="discounts.xlsx"')
    .header('cache-control', 'no-store')
    .send(file);

/**
 * `/api/admin/discounts` (issue 14 item 5; SPEC §5 Discounts): list, show, create, replace,
 * deactivate and the XLSX export. Product managers and administrators; every change is audited.
 */
export const discountAdminRoutes: FastifyPluginAsync<{ service: DiscountService; workbooks: WorkbookWriter }> = async (
  plain,
  { service, workbooks },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const config = adminRoute('product_manager');
  const tags = ['Discounts'];

  app.get(
    '/admin/discounts',
    {
      config,
      schema: {
        summary: 'List the discount codes and loyalty discounts',
        tags,
        querystring: listQuery,
        response: {
          200: hydraCollectionAnswer(discountAnswer, 'One page of discounts.'),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const paging = { page: query.page, itemsPerPage: query.itemsPerPage };
      const { items, totalItems } = await service.list(query, paging);
      reply.type(JSON_LD).header('cache-control', 'no-store');
      return hydraCollection({
        context: '/api/contexts/Discount',
        path: '/api/admin/discounts',
        members: items.map(resource),
        totalItems,
        paging,
        query: linkQueryOf(request),
      });
    },
  );

  // SPEC §7 "discount export xlsx": the list's filters and order, every page.
  app.get(
    '/admin/discounts/export',
    {
      config,
      schema: {
        summary: 'Download the discounts as a spreadsheet (XLSX)',
        description: 'The list’s filters and order, every page; headings in the `Accept-Language` language.',
        tags,
        querystring: exportQuery,
        response: { 200: fileAnswer(XLSX_MIME, 'The discounts, one row each.'), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const locale = acceptedLocale(request.headers['accept-language']);
      return sendWorkbook(reply, await workbooks(discountsWorkbook(await service.all(request.query), locale)));
    },
  );

  app.get(
    '/admin/discounts/:id',
    {
      config,
      schema: {
        summary: 'Read a discount',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        response: { 200: described(discountAnswer, 'The discount.'), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const found = await service.find(id);
      if (!found) throw notFound(`Discount ${id} not found.`);
      reply.type(JSON_LD).header('cache-control', 'no-store');
      return resource(found);
    },
  );

  app.post(
    '/admin/discounts',
    {
      config,
      schema: {
        summary: 'Create a discount code or loyalty discount',
        description:
          '`value` is basis points for a percentage (10000 = 100 %), cents for a special price. The code, counts ' +
          'and period follow the shared rules; periods of the same code (or of loyalty discounts) may not overlap.',
        tags,
        querystring: NO_QUERY,
        body: discountBody,
        response: {
          201: described(discountAnswer, 'The discount as created.'),
          ...errorAnswers(400, 401, 403, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const created = await service.create(request.body);
      auditChange(request, { entityType: 'discount', entityId: created.id, before: null, after: created });
      reply.code(201).type(JSON_LD).header('location', `/api/admin/discounts/${created.id}`);
      return resource(created);
    },
  );

  app.put(
    '/admin/discounts/:id',
    {
      config,
      schema: {
        summary: 'Replace a discount',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        body: discountBody,
        response: {
          200: described(discountAnswer, 'The discount as replaced.'),
          ...errorAnswers(400, 401, 403, 404, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const before = await service.find(id);
      const updated = before && (await service.update(id, request.body));
      if (!updated) throw notFound(`Discount ${id} not found.`);
      auditChange(request, { entityType: 'discount', entityId: id, before, after: updated });
      reply.type(JSON_LD);
      return resource(updated);
    },
  );

  app.post(
    '/admin/discounts/:id/deactivate',
    {
      config,
      schema: {
        body: NO_BODY,
        summary: 'Deactivate a discount',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        response: {
          200: described(discountAnswer, 'The discount, inactive.'),
          ...errorAnswers(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const before = await service.find(id);
      const updated = before && (await service.deactivate(id));
      if (!updated) throw notFound(`Discount ${id} not found.`);
      auditChange(request, { entityType: 'discount', entityId: id, before, after: updated });
      reply.type(JSON_LD);
      return resource(updated);
    },
  );
};

const assignmentParams = z.strictObject({ id: wholeNumber(2_147_483_647) });

/**
 * A registered user's loyalty discounts (SPEC §4, §6): GET /api/user_discounts and
 * POST /api/user_discounts/{id}/seen once the new-discount dialog was closed. Signed-in only.
 */
export const userDiscountRoutes: FastifyPluginAsync<{ service: DiscountService }> = async (plain, { service }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const tags = ['Discounts'];

  app.get(
    '/user_discounts',
    {
      schema: {
        summary: 'List the caller’s loyalty discounts, newest first',
        tags,
        querystring: NO_QUERY,
        response: {
          200: hydraCollectionAnswer(userDiscountAnswer, 'Every loyalty discount assigned to the caller.'),
          ...errorAnswers(400, 401),
        },
      },
    },
    async (request, reply) => {
      const items = await service.ofUser(request.principal!.subject);
      reply.type(JSON_LD).header('cache-control', 'no-store');
      return hydraCollection({
        context: '/api/contexts/UserDiscount',
        path: '/api/user_discounts',
        members: items.map((item) => ({
          '@id': `/api/user_discounts/${item.id}`,
          '@type': 'UserDiscount' as const,
          ...item,
        })),
        totalItems: items.length,
        paging: { page: 1, itemsPerPage: Math.max(items.length, 1) },
        query: {},
      });
    },
  );

  app.post(
    '/user_discounts/:id/seen',
    {
      schema: {
        body: NO_BODY,
        summary: 'Mark a loyalty discount as seen (the new-discount dialog was closed)',
        tags,
        params: assignmentParams,
        querystring: NO_QUERY,
        response: { 204: noContent('Marked.'), ...errorAnswers(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await service.markSeen(request.principal!.subject, id))) throw notFound(`Discount ${id} not found.`);
      return reply.code(204).send(null);
    },
  );
};
