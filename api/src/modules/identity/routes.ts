import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Principal } from '../../auth';
import { JSON_LD } from '../../http/hydra';
import { unauthorized } from '../../http/problem';
import { parseBody, parseParams } from '../../http/validate';
import { type BotCheckService, requireBotCheck } from '../bot-check';
import { accountCreate, accountPatch, companyApplication, DEFAULT_PHONE_PREFIX, idParams, userPatch } from './model';
import type { AccountView, IdentityService, UserView } from './service';

export interface IdentityRoutesOptions {
  service: IdentityService;
  botCheck: BotCheckService;
}

export function accountResource(account: AccountView) {
  return {
    '@id': `/api/accounts/${account.id}`,
    '@type': 'Account',
    ...account,
    userAccounts: account.userAccounts.map((link) => ({
      '@id': `/api/user_accounts/${link.id}`,
      '@type': 'UserAccount',
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
    '@type': 'User',
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
      '@type': 'UserAccount',
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

export const identityRoutes: FastifyPluginAsync<IdentityRoutesOptions> = async (app, { service, botCheck }) => {
  const botChecked = { preHandler: requireBotCheck(botCheck) };
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300 && reply.getHeader('content-type') === undefined) reply.type(JSON_LD);
    return payload;
  });

  // Reading the user writes nothing (issue 22); the shell provisions once after sign-in with the
  // POST (idempotent, no body: everything comes from the token's claims). No bot check: it runs
  // during user loading (SPEC §7), as POST /api/accounts.
  app.get('/my-user', async (request) => userResource(await service.myUser(principalOf(request))));
  app.post('/my-user', async (request) => userResource(await service.provisionMyUser(principalOf(request))));

  app.patch('/users/:id', botChecked, async (request) => {
    const { id } = parseParams(idParams, request.params);
    const patch = parseBody(userPatch, request.body);
    return userResource(await service.updateUser(principalOf(request), id, patch));
  });

  // The person deletes their whole profile (issue 13): see IdentityService.deleteProfile.
  app.delete('/users/:id', async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    await service.deleteProfile(principalOf(request), id, new Date());
    return reply.code(204).send();
  });

  app.get('/accounts/:id', async (request) => {
    const { id } = parseParams(idParams, request.params);
    return accountResource(await service.getAccount(principalOf(request), id));
  });

  app.patch('/accounts/:id', botChecked, async (request) => {
    const { id } = parseParams(idParams, request.params);
    const patch = parseBody(accountPatch, request.body);
    return accountResource(await service.updateAccount(principalOf(request), id, patch));
  });

  app.delete('/accounts/:id', async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    await service.deleteAccount(principalOf(request), id);
    return reply.code(204).send();
  });

  // SPEC §7: the bot check is skipped for this call (it runs during user loading).
  app.post('/accounts', async (request, reply) => {
    const body = parseBody(accountCreate, request.body);
    const account = await service.createPrivateAccount(principalOf(request), body.email);
    return reply.code(201).send(accountResource(account));
  });

  app.post('/company_applications', botChecked, async (request, reply) => {
    const body = parseBody(companyApplication, request.body);
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
    return reply
      .code(201)
      .send({ '@id': `/api/company_applications/${row.id}`, '@type': 'CompanyApplication', ...application });
  });
};
