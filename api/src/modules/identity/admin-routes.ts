import { COMPANY_APPLICATION_STATUSES } from '@portal/shared-contracts/account';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminRoute } from '../../auth';
import { hydraCollection, JSON_LD } from '../../http/hydra';
import { unauthorized } from '../../http/problem';
import { parseBody, parseNoQuery, parseParams, parseQuery } from '../../http/validate';
import { auditChange } from '../audit';
import { idParams, personName } from './model';
import type { IdentityService, UserRow } from './service';
import { type ApplicationRow, USER_SORT_FIELDS, type UsersAdminService, userStatus } from './users-admin';

// The back office's users and clients (issue 14). Who may do what (decided here, documented in
// the README): administrators and customer service read (the list, a user, applications, the
// archive); only administrators change anything (edit, block, approve, reject). A route that names
// no role is administrators' only (identity guard); every change writes an audit row.
const READERS = adminRoute('customer_service');
const CHANGERS = adminRoute();

const MAX_ITEMS_PER_PAGE = 100;
const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'This value should be a whole number.')
    .transform(Number)
    .pipe(z.number().min(1, 'This value should be 1 or more.').max(max, `This value should be ${max} or less.`));
const pagingQuery = {
  page: wholeNumber(100_000).default(1),
  itemsPerPage: wholeNumber(MAX_ITEMS_PER_PAGE).default(20),
};

const usersQuery = z.strictObject({
  search: z.string().trim().max(100, 'This value is too long.').optional(),
  status: z
    .enum(['active', 'blocked', 'deleted'], { error: 'The value you selected is not a valid choice.' })
    .optional(),
  'order[id]': z.enum(['asc', 'desc']).optional(),
  'order[email]': z.enum(['asc', 'desc']).optional(),
  'order[lastName]': z.enum(['asc', 'desc']).optional(),
  'order[createdAt]': z.enum(['asc', 'desc']).optional(),
  ...pagingQuery,
});

const applicationsQuery = z.strictObject({
  status: z.enum(COMPANY_APPLICATION_STATUSES, { error: 'The value you selected is not a valid choice.' }).optional(),
  ...pagingQuery,
});

const archiveQuery = z.strictObject({ ...pagingQuery });

const userEdit = z.strictObject({
  firstName: personName.nullable().optional(),
  lastName: personName.nullable().optional(),
  blocked: z.boolean({ error: 'This value should be true or false.' }).optional(),
});

const accountEdit = z.strictObject({
  contractNumber: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || null : value),
    z.string().max(64, 'This value is too long. It should have 64 characters or less.').nullable().optional(),
  ),
  separateInvoice: z.boolean({ error: 'This value should be true or false.' }).optional(),
  isActive: z.boolean({ error: 'This value should be true or false.' }).optional(),
});

/** The back office's fields of an account, as audited and answered. */
function adminAccountResource(account: {
  id: number;
  type: string;
  companyName: string | null;
  contractNumber: string | null;
  separateInvoice: boolean;
  isActive: boolean;
}) {
  return {
    '@id': `/api/admin/accounts/${account.id}`,
    '@type': 'AdminAccount',
    id: account.id,
    type: account.type,
    companyName: account.companyName,
    contractNumber: account.contractNumber,
    separateInvoice: account.separateInvoice,
    clientStatus: account.isActive ? 'active' : 'inactive',
  };
}

export function adminUserResource(user: UserRow) {
  return {
    '@id': `/api/admin/users/${user.id}`,
    '@type': 'AdminUser',
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    adminRoles: user.adminRoles,
    authMethods: user.authMethods,
    status: userStatus(user),
    blockedAt: user.blockedAt?.toISOString() ?? null,
    deletedAt: user.deletedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

function applicationResource({ application, applicant }: ApplicationRow) {
  return {
    '@id': `/api/admin/company_applications/${application.id}`,
    '@type': 'CompanyApplication',
    id: application.id,
    companyName: application.companyName,
    registrationNumber: application.registrationNumber,
    vatNumber: application.vatNumber,
    email: application.email,
    phonePrefix: application.phonePrefix,
    phone: application.phone,
    address: application.address,
    iban: application.iban,
    status: application.status,
    reviewedAt: application.reviewedAt?.toISOString() ?? null,
    accountId: application.accountId,
    createdAt: application.createdAt.toISOString(),
    applicant: {
      id: applicant.id,
      email: applicant.email,
      firstName: applicant.firstName,
      lastName: applicant.lastName,
    },
  };
}

function sortOf(query: z.output<typeof usersQuery>) {
  for (const field of USER_SORT_FIELDS) {
    const direction = query[`order[${field}]`];
    if (direction) return { sort: field, descending: direction === 'desc' };
  }
  return { sort: 'createdAt' as const, descending: true };
}

export interface UsersAdminRoutesOptions {
  admin: UsersAdminService;
  identity: IdentityService;
  now: () => Date;
}

export const usersAdminRoutes: FastifyPluginAsync<UsersAdminRoutesOptions> = async (app, { admin, identity, now }) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300) reply.type(JSON_LD).header('cache-control', 'no-store');
    return payload;
  });

  /** The administrator making the change (the guard let only a known back-office user through). */
  const reviewer = async (request: FastifyRequest) => {
    const user = request.principal ? await identity.known(request.principal) : undefined;
    if (!user) throw unauthorized();
    return user;
  };

  app.get('/admin/users', { config: READERS }, async (request) => {
    const query = parseQuery(usersQuery, request.query);
    const paging = { page: query.page, itemsPerPage: query.itemsPerPage };
    const { items, totalItems } = await admin.search(
      { search: query.search, status: query.status, ...sortOf(query) },
      paging,
    );
    return hydraCollection({
      context: '/api/contexts/AdminUser',
      path: '/api/admin/users',
      members: items.map(adminUserResource),
      totalItems,
      paging,
      query: request.query as Record<string, string>,
    });
  });

  app.get('/admin/users/:id', { config: READERS }, async (request) => {
    const { id } = parseParams(idParams, request.params);
    parseNoQuery(request.query);
    const user = await admin.user(id);
    const userAccounts = await admin.accountsOf(id);
    return {
      ...adminUserResource(user),
      userAccounts: userAccounts.map((link) => ({ ...link, addedAt: link.addedAt.toISOString() })),
    };
  });

  app.patch('/admin/users/:id', { config: CHANGERS }, async (request) => {
    const { id } = parseParams(idParams, request.params);
    parseNoQuery(request.query);
    const body = parseBody(userEdit, request.body);
    const { before, after } = await admin.update(id, body, now());
    auditChange(request, {
      entityType: 'user',
      entityId: id,
      before: adminUserResource(before),
      after: adminUserResource(after),
    });
    return adminUserResource(after);
  });

  app.patch('/admin/accounts/:id', { config: CHANGERS }, async (request) => {
    const { id } = parseParams(idParams, request.params);
    parseNoQuery(request.query);
    const body = parseBody(accountEdit, request.body);
    const { before, after } = await admin.updateAccount(id, body);
    auditChange(request, {
      entityType: 'account',
      entityId: id,
      before: adminAccountResource(before),
      after: adminAccountResource(after),
    });
    return adminAccountResource(after);
  });

  app.get('/admin/company_applications', { config: READERS }, async (request) => {
    const query = parseQuery(applicationsQuery, request.query);
    const paging = { page: query.page, itemsPerPage: query.itemsPerPage };
    const { items, totalItems } = await admin.applications(query.status, paging);
    return hydraCollection({
      context: '/api/contexts/CompanyApplication',
      path: '/api/admin/company_applications',
      members: items.map(applicationResource),
      totalItems,
      paging,
      query: request.query as Record<string, string>,
    });
  });

  for (const [action, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(`/admin/company_applications/:id/${action}`, { config: CHANGERS }, async (request) => {
      const { id } = parseParams(idParams, request.params);
      parseNoQuery(request.query);
      const { before, after } = await admin.decide(id, decision, await reviewer(request), now());
      auditChange(request, { entityType: 'company_application', entityId: id, before, after });
      return applicationResource(await admin.application(id));
    });
  }

  // SPEC §2 admin "archive": the profiles their owners deleted (newest first).
  app.get('/admin/archive/deleted_profiles', { config: READERS }, async (request) => {
    const query = parseQuery(archiveQuery, request.query);
    const paging = { page: query.page, itemsPerPage: query.itemsPerPage };
    const { items, totalItems } = await admin.search(
      { status: 'deleted', sort: 'deletedAt', descending: true },
      paging,
    );
    return hydraCollection({
      context: '/api/contexts/AdminUser',
      path: '/api/admin/archive/deleted_profiles',
      members: items.map(adminUserResource),
      totalItems,
      paging,
      query: request.query as Record<string, string>,
    });
  });
};
