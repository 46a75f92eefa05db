import type { Discount } from '@portal/shared-contracts/admin';
import {
  DISCOUNT_FREQUENCIES,
  DISCOUNT_KINDS,
  DISCOUNT_STATUSES,
  DISCOUNT_TYPES,
  DISCOUNT_USER_TYPES,
} from '@portal/shared-contracts/admin';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { adminRoute } from '../../auth';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { acceptedLocale } from '../../http/locale';
import { notFound } from '../../http/problem';
import { parseBody, parseNoQuery, parseParams, parseQuery } from '../../http/validate';
import { auditChange } from '../audit';
import { writeDiscountsWorkbook } from './export';
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
const nullableInt = z.number().int('This value should be a whole number.').nullable();
const discountBody = z.strictObject({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS, { error: 'This value is not a valid choice.' }).default('code'),
  type: z.enum(DISCOUNT_TYPES, { error: 'This value is not a valid choice.' }),
  value: z.number().int('This value should be a whole number.'),
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
  return { '@id': `/api/admin/discounts/${discount.id}`, '@type': 'Discount', ...discount };
}

/**
 * `/api/admin/discounts` (issue 14 item 5; SPEC §5 Discounts): list, show, create, replace,
 * deactivate and the XLSX export. Product managers and administrators; every change is audited.
 */
export const discountAdminRoutes: FastifyPluginAsync<{ service: DiscountService }> = async (app, { service }) => {
  const access = { config: adminRoute('product_manager') };

  app.get('/admin/discounts', access, async (request, reply) => {
    const query = parseQuery(listQuery, request.query);
    const paging = { page: query.page, itemsPerPage: query.itemsPerPage };
    const { items, totalItems } = await service.list(query, paging);
    reply.type(JSON_LD).header('cache-control', 'no-store');
    return hydraCollection({
      context: '/api/contexts/Discount',
      path: '/api/admin/discounts',
      members: items.map(resource),
      totalItems,
      paging,
      query: request.query as Record<string, string>,
    });
  });

  // SPEC §7 "discount export xlsx": the list's filters and order, every page.
  app.get('/admin/discounts/export', access, async (request, reply) => {
    const query = parseQuery(exportQuery, request.query);
    const locale = acceptedLocale(request.headers['accept-language']);
    const file = await writeDiscountsWorkbook(await service.all(query), locale);
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="discounts.xlsx"')
      .header('cache-control', 'no-store')
      .send(file);
  });

  app.get('/admin/discounts/:id', access, async (request, reply) => {
    parseNoQuery(request.query);
    const { id } = parseParams(idParams, request.params);
    const found = await service.find(id);
    if (!found) throw notFound(`Discount ${id} not found.`);
    reply.type(JSON_LD).header('cache-control', 'no-store');
    return resource(found);
  });

  app.post('/admin/discounts', access, async (request, reply) => {
    parseNoQuery(request.query);
    const body = parseBody(discountBody, request.body);
    const created = await service.create(body);
    auditChange(request, { entityType: 'discount', entityId: created.id, before: null, after: created });
    reply.code(201).type(JSON_LD).header('location', `/api/admin/discounts/${created.id}`);
    return resource(created);
  });

  app.put('/admin/discounts/:id', access, async (request, reply) => {
    parseNoQuery(request.query);
    const { id } = parseParams(idParams, request.params);
    const body = parseBody(discountBody, request.body);
    const before = await service.find(id);
    const updated = before && (await service.update(id, body));
    if (!updated) throw notFound(`Discount ${id} not found.`);
    auditChange(request, { entityType: 'discount', entityId: id, before, after: updated });
    reply.type(JSON_LD);
    return resource(updated);
  });

  app.post('/admin/discounts/:id/deactivate', access, async (request, reply) => {
    parseNoQuery(request.query);
    const { id } = parseParams(idParams, request.params);
    const before = await service.find(id);
    const updated = before && (await service.deactivate(id));
    if (!updated) throw notFound(`Discount ${id} not found.`);
    auditChange(request, { entityType: 'discount', entityId: id, before, after: updated });
    reply.type(JSON_LD);
    return resource(updated);
  });
};

const assignmentParams = z.strictObject({ id: wholeNumber(2_147_483_647) });

/**
 * A registered user's loyalty discounts (SPEC §4, §6): GET /api/user_discounts and
 * POST /api/user_discounts/{id}/seen once the new-discount dialog was closed. Signed-in only.
 */
export const userDiscountRoutes: FastifyPluginAsync<{ service: DiscountService }> = async (app, { service }) => {
  app.get('/user_discounts', async (request, reply) => {
    parseNoQuery(request.query);
    const items = await service.ofUser(request.principal!.subject);
    reply.type(JSON_LD).header('cache-control', 'no-store');
    return hydraCollection({
      context: '/api/contexts/UserDiscount',
      path: '/api/user_discounts',
      members: items.map((item) => ({ '@id': `/api/user_discounts/${item.id}`, '@type': 'UserDiscount', ...item })),
      totalItems: items.length,
      paging: { page: 1, itemsPerPage: Math.max(items.length, 1) },
      query: {},
    });
  });

  app.post('/user_discounts/:id/seen', async (request, reply) => {
    parseNoQuery(request.query);
    const { id } = parseParams(assignmentParams, request.params);
    if (!(await service.markSeen(request.principal!.subject, id))) throw notFound(`Discount ${id} not found.`);
    return reply.code(204).send();
  });
};
