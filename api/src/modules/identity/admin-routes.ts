import { COMPANY_APPLICATION_STATUSES, type CompanyApplicationStatus } from '@portal/shared-contracts/account';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoute } from '../../auth';
import { described, errorAnswers, hydraCollectionAnswer } from '../../http/answer-schemas';
import { hydraCollection, JSON_LD, linkQueryOf } from '../../http/hydra';
import { unauthorized } from '../../http/problem';
import { NO_BODY, NO_QUERY } from '../../http/route-schemas';
import { auditChange } from '../audit';
import { adminAccountAnswer, adminApplicationAnswer, adminUserAnswer, adminUserDetailAnswer } from './answers';
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
    '@type': 'AdminAccount' as const,
    id: account.id,
    type: account.type,
    companyName: account.companyName,
    contractNumber: account.contractNumber,
    separateInvoice: account.separateInvoice,
    clientStatus: account.isActive ? ('active' as const) : ('inactive' as const),
  };
}

export function adminUserResource(user: UserRow) {
  return {
    '@id': `/api/admin/users/${user.id}`,
    '@type': 'AdminUser' as const,
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
    '@type': 'CompanyApplication' as const,
    id: application.id,
    companyName: application.companyName,
    registrationNumber: application.registrationNumber,
    vatNumber: application.vatNumber,
    email: application.email,
    phonePrefix: application.phonePrefix,
    phone: application.phone,
    address: application.address,
    iban: application.iban,
    // A text column holding one of the statuses.
    status: application.status as CompanyApplicationStatus,
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

export const usersAdminRoutes: FastifyPluginAsync<UsersAdminRoutesOptions> = async (
  plain,
  { admin, identity, now },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const tags = ['Users (back office)'];
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

  app.get(
    '/admin/users',
    {
      config: READERS,
      schema: {
        summary: 'List and search the users',
        description: 'Administrators and customer service.',
        tags,
        querystring: usersQuery,
        response: { 200: hydraCollectionAnswer(adminUserAnswer, 'One page of users.'), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
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
        query: linkQueryOf(request),
      });
    },
  );

  app.get(
    '/admin/users/:id',
    {
      config: READERS,
      schema: {
        summary: 'Read a user with the accounts they belong to',
        description: 'Administrators and customer service.',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        response: { 200: adminUserDetailAnswer, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const user = await admin.user(id);
      const userAccounts = await admin.accountsOf(id);
      return {
        ...adminUserResource(user),
        userAccounts: userAccounts.map((link) => ({ ...link, addedAt: link.addedAt.toISOString() })),
      };
    },
  );

  app.patch(
    '/admin/users/:id',
    {
      config: CHANGERS,
      schema: {
        summary: 'Change a user’s name, or block and unblock them',
        description: 'Administrators only; a deleted profile cannot be changed (422).',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        body: userEdit,
        response: {
          200: described(adminUserAnswer, 'The user as stored.'),
          ...errorAnswers(400, 401, 403, 404, 422),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { before, after } = await admin.update(id, request.body, now());
      auditChange(request, {
        entityType: 'user',
        entityId: id,
        before: adminUserResource(before),
        after: adminUserResource(after),
      });
      return adminUserResource(after);
    },
  );

  app.patch(
    '/admin/accounts/:id',
    {
      config: CHANGERS,
      schema: {
        summary: 'Change a client account’s contract number, separate invoice or status',
        description: 'Administrators only.',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        body: accountEdit,
        response: { 200: adminAccountAnswer, ...errorAnswers(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { before, after } = await admin.updateAccount(id, request.body);
      auditChange(request, {
        entityType: 'account',
        entityId: id,
        before: adminAccountResource(before),
        after: adminAccountResource(after),
      });
      return adminAccountResource(after);
    },
  );

  app.get(
    '/admin/company_applications',
    {
      config: READERS,
      schema: {
        summary: 'List the company account applications, newest first',
        description: 'Administrators and customer service.',
        tags,
        querystring: applicationsQuery,
        response: {
          200: hydraCollectionAnswer(adminApplicationAnswer, 'One page of applications.'),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      const query = request.query;
      const paging = { page: query.page, itemsPerPage: query.itemsPerPage };
      const { items, totalItems } = await admin.applications(query.status, paging);
      return hydraCollection({
        context: '/api/contexts/CompanyApplication',
        path: '/api/admin/company_applications',
        members: items.map(applicationResource),
        totalItems,
        paging,
        query: linkQueryOf(request),
      });
    },
  );

  for (const [action, decision, summary] of [
    ['approve', 'approved', 'Approve a company application: its company account is created'],
    ['reject', 'rejected', 'Reject a company application'],
  ] as const) {
    app.post(
      `/admin/company_applications/:id/${action}`,
      {
        config: CHANGERS,
        schema: {
          summary,
          description: 'Administrators only; only a pending application can be decided (422 otherwise).',
          tags,
          params: idParams,
          querystring: NO_QUERY,
          body: NO_BODY,
          response: {
            200: described(adminApplicationAnswer, 'The application as decided.'),
            ...errorAnswers(400, 401, 403, 404, 422),
          },
        },
      },
      async (request) => {
        const { id } = request.params;
        const { before, after } = await admin.decide(id, decision, await reviewer(request), now());
        auditChange(request, { entityType: 'company_application', entityId: id, before, after });
        return applicationResource(await admin.application(id));
      },
    );
  }

  // SPEC §2 admin "archive": the profiles their owners deleted (newest first).
  app.get(
    '/admin/archive/deleted_profiles',
    {
      config: READERS,
      schema: {
        summary: 'List the profiles their owners deleted, newest first',
        description: 'Administrators and customer service.',
        tags,
        querystring: archiveQuery,
        response: {
          200: hydraCollectionAnswer(adminUserAnswer, 'One page of deleted profiles.'),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      const query = request.query;
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
        query: linkQueryOf(request),
      });
    },
  );
};
