import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { acceptedLocale } from '../../http/locale';
import { unauthorized } from '../../http/problem';
import { parseBody, parseNoQuery, parseParams } from '../../http/validate';
import { type BotCheckService, requireBotCheck } from '../bot-check';
import type { CompanyUsersService } from './company-users';
import {
  companyUserCreate,
  idParams,
  nestedIdParams,
  phoneVerificationConfirm,
  phoneVerificationRequest,
} from './model';
import type { PhoneChangeService } from './phone-change';
import type { AccountView } from './service';

export interface AccountRoutesOptions {
  phoneChange: PhoneChangeService;
  companyUsers: CompanyUsersService;
  botCheck: BotCheckService;
  /** The account's JSON-LD representation (routes.ts), the same as GET /api/accounts/{id} answers. */
  accountResource: (account: AccountView) => object;
}

function principalOf(request: FastifyRequest) {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/**
 * My data (issue 13): the phone change with an SMS code (SPEC §4) and a company's users (SPEC §6),
 * under /api/accounts/{id}, signed-in callers only. Sending a code is bot-checked: every code is a
 * paid text message to someone's phone.
 */
export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (
  app,
  { phoneChange, companyUsers, botCheck, accountResource },
) => {
  const botChecked = { preHandler: requireBotCheck(botCheck) };

  app.post('/accounts/:id/phone_verifications', botChecked, async (request, reply) => {
    parseNoQuery(request.query);
    const { id } = parseParams(idParams, request.params);
    const body = parseBody(phoneVerificationRequest, request.body);
    const locale = acceptedLocale(request.headers['accept-language']);
    return reply.code(201).send(await phoneChange.request(principalOf(request), id, body, locale));
  });

  app.get('/accounts/:id/phone_verifications/pending', async (request) => {
    parseNoQuery(request.query);
    const { id } = parseParams(idParams, request.params);
    return phoneChange.pending(principalOf(request), id);
  });

  app.post('/accounts/:id/phone_verifications/:itemId/confirm', async (request) => {
    parseNoQuery(request.query);
    const { id, itemId } = parseParams(nestedIdParams, request.params);
    const { code } = parseBody(phoneVerificationConfirm, request.body ?? {});
    return accountResource(await phoneChange.confirm(principalOf(request), id, itemId, code ?? ''));
  });

  app.post('/accounts/:id/user_accounts', botChecked, async (request, reply) => {
    parseNoQuery(request.query);
    const { id } = parseParams(idParams, request.params);
    const body = parseBody(companyUserCreate, request.body);
    return reply.code(201).send(accountResource(await companyUsers.add(principalOf(request), id, body)));
  });

  app.delete('/accounts/:id/user_accounts/:itemId', async (request, reply) => {
    parseNoQuery(request.query);
    const { id, itemId } = parseParams(nestedIdParams, request.params);
    await companyUsers.remove(principalOf(request), id, itemId);
    return reply.code(204).send();
  });
};
