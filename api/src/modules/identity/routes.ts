import type { CompanyApplicationStatus } from '@portal/shared-contracts/account';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Principal } from '../../auth';
import { described, errorAnswers, noContent } from '../../http/answer-schemas';
import { JSON_LD } from '../../http/hydra';
import { unauthorized } from '../../http/problem';
import { NO_BODY, NO_QUERY } from '../../http/route-schemas';
import { type BotCheckService, requireBotCheck } from '../bot-check';
import { type AccountAnswer, accountAnswer, companyApplicationAnswer, userAnswer } from './answers';
import { accountCreate, accountPatch, companyApplication, DEFAULT_PHONE_PREFIX, idParams, userPatch } from './model';
import type { AccountView, IdentityService, UserView } from './service';

export interface IdentityRoutesOptions {
  service: IdentityService;
  botCheck: BotCheckService;
}

export function accountResource(account: AccountView): AccountAnswer {
  return {
    '@id': `/api/accounts/${account.id}`,
    '@type': 'Account',
    ...account,
    userAccounts: account.userAccounts.map((link) => ({
      '@id': `/api/user_accounts/${link.id}`,
      '@type': 'UserAccount' as const,
      id: link.id,
      role: link.role,
      account: `/api/accounts/${account.id}`,
      ownerUser: { '@id': `/api/users/${link.ownerUser.id}`, ...link.ownerUser },
    })),
  };
}

function userResource({ user, identityVerified, userAccounts }: UserView) {
  return {
    '@id': `/api/users/${user.id}`,
    '@type': 'User' as const,
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.adminRoles.length > 0,
    adminRoles: user.adminRoles,
    identityVerified,
    authMethods: user.authMethods,
    userAccounts: userAccounts.map((link) => ({
      '@id': `/api/user_accounts/${link.id}`,
      '@type': 'UserAccount' as const,
      id: link.id,
      role: link.role,
      account: accountResource(link.account),
    })),
  };
}

/** Only the authenticated twin exists: an anonymous caller has no user and no accounts. */
function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

const tags = ['Identity'];
const accountTags = ['Accounts'];

export const identityRoutes: FastifyPluginAsync<IdentityRoutesOptions> = async (plain, { service, botCheck }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // Before validation, as when the handlers parsed their input: a write without a bot check is 403
  // whatever its body.
  const botChecked = { preValidation: requireBotCheck(botCheck) };
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300 && reply.getHeader('content-type') === undefined) reply.type(JSON_LD);
    return payload;
  });

  // Reading the user writes nothing (issue 22); the shell provisions once after sign-in with the
  // POST (idempotent, no body: everything comes from the token's claims). No bot check: it runs
  // during user loading (SPEC §7), as POST /api/accounts.
  app.get(
    '/my-user',
    {
      schema: {
        querystring: NO_QUERY,
        summary: 'Read the caller’s user and accounts',
        description:
          'A read: writes nothing. A sign-in never provisioned (`POST /api/my-user`) is 404 with the code `USER_NOT_PROVISIONED`.',
        tags,
        response: { 200: userAnswer, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => userResource(await service.myUser(principalOf(request))),
  );
  app.post(
    '/my-user',
    {
      schema: {
        querystring: NO_QUERY,
        body: NO_BODY,
        summary: 'Provision the caller’s user from the token’s claims',
        description:
          'Idempotent and without a body: the shell calls it once after sign-in. The e-mail claim replaces the stored e-mail; a name the person changed in the portal stays.',
        tags,
        response: { 200: userAnswer, ...errorAnswers(401, 403) },
      },
    },
    async (request) => userResource(await service.provisionMyUser(principalOf(request))),
  );

  app.patch(
    '/users/:id',
    {
      ...botChecked,
      schema: {
        querystring: NO_QUERY,
        summary: 'Change the caller’s name',
        description: 'Callers without a verified identity send a bot-check token in `X-Bot-Check`.',
        tags,
        params: idParams,
        body: userPatch,
        response: { 200: userAnswer, ...errorAnswers(400, 401, 403, 404, 422) },
      },
    },
    async (request) => userResource(await service.updateUser(principalOf(request), request.params.id, request.body)),
  );

  // The person deletes their whole profile (issue 13): see IdentityService.deleteProfile.
  app.delete(
    '/users/:id',
    {
      schema: {
        querystring: NO_QUERY,
        summary: 'Delete the caller’s whole profile',
        description:
          'Every account the caller alone holds is deleted; from shared company accounts they are removed. The same sign-in is refused from then on.',
        tags,
        params: idParams,
        response: { 204: noContent('Deleted.'), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteProfile(principalOf(request), request.params.id, new Date());
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/accounts/:id',
    {
      schema: {
        querystring: NO_QUERY,
        summary: 'Read an account the caller acts for',
        tags: accountTags,
        params: idParams,
        response: { 200: accountAnswer, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => accountResource(await service.getAccount(principalOf(request), request.params.id)),
  );

  app.patch(
    '/accounts/:id',
    {
      ...botChecked,
      schema: {
        querystring: NO_QUERY,
        summary: 'Change an account’s e-mail, contact and label format',
        description:
          'The phone number changes only with a code sent to the new number (`/phone_verifications`). Callers without a verified identity send a bot-check token in `X-Bot-Check`.',
        tags: accountTags,
        params: idParams,
        body: accountPatch,
        response: { 200: accountAnswer, ...errorAnswers(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      accountResource(await service.updateAccount(principalOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/accounts/:id',
    {
      schema: {
        querystring: NO_QUERY,
        summary: 'Delete an account (its main administrator only)',
        tags: accountTags,
        params: idParams,
        response: { 204: noContent('Deleted.'), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteAccount(principalOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // SPEC §7: the bot check is skipped for this call (it runs during user loading).
  app.post(
    '/accounts',
    {
      schema: {
        querystring: NO_QUERY,
        summary: 'Create the caller’s private account',
        description: 'One private account per user; company accounts come through `POST /api/company_applications`.',
        tags: accountTags,
        body: accountCreate,
        response: { 201: described(accountAnswer, 'The account created.'), ...errorAnswers(401, 422) },
      },
    },
    async (request, reply) => {
      const account = await service.createPrivateAccount(principalOf(request), request.body.email);
      return reply.code(201).send(accountResource(account));
    },
  );

  app.post(
    '/company_applications',
    {
      ...botChecked,
      schema: {
        querystring: NO_QUERY,
        summary: 'Apply for a company account',
        description:
          'An administrator reviews the application later. Callers without a verified identity send a bot-check token in `X-Bot-Check`.',
        tags: accountTags,
        body: companyApplication,
        response: { 201: companyApplicationAnswer, ...errorAnswers(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // The shared rules made the required fields present (422 otherwise).
      const row = await service.applyForCompany(principalOf(request), {
        companyName: body.companyName ?? '',
        registrationNumber: (body.registrationNumber ?? '').toUpperCase(),
        vatNumber: body.vatNumber?.replace(/\s+/g, '').toUpperCase() ?? null,
        email: body.email ?? '',
        phonePrefix: body.phone ? (body.phonePrefix ?? DEFAULT_PHONE_PREFIX) : null,
        phone: body.phone ?? null,
        address: body.address ?? null,
        iban: body.iban?.replace(/\s+/g, '').toUpperCase() ?? null,
      });
      const { userId: _userId, ...application } = row;
      return reply.code(201).send({
        '@id': `/api/company_applications/${row.id}`,
        '@type': 'CompanyApplication',
        ...application,
        // A text column holding one of the statuses.
        status: application.status as CompanyApplicationStatus,
        reviewedAt: application.reviewedAt?.toISOString() ?? null,
        createdAt: application.createdAt.toISOString(),
      });
    },
  );
};
