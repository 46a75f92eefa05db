import { phoneVerificationSchema } from '@portal/shared-contracts/account';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { described, errorAnswers, noContent } from '../../http/answer-schemas';
import { acceptedLocale } from '../../http/locale';
import { unauthorized } from '../../http/problem';
import { NO_QUERY } from '../../http/route-schemas';
import { type BotCheckService, requireBotCheck } from '../bot-check';
import { type AccountAnswer, accountAnswer } from './answers';
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
  accountResource: (account: AccountView) => AccountAnswer;
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
  plain,
  { phoneChange, companyUsers, botCheck, accountResource },
) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // Before validation, as when the handlers parsed their input: a write without a bot check is 403
  // whatever its body.
  const botChecked = { preValidation: requireBotCheck(botCheck) };
  const tags = ['Accounts'];
  const verificationAnswer = described(phoneVerificationSchema, 'The code went out to this number.');

  app.post(
    '/accounts/:id/phone_verifications',
    {
      ...botChecked,
      schema: {
        summary: 'Send a code by SMS to the account’s new phone number',
        description:
          'The previous code of the account stops working. A new code can be asked for after the wait the answer gives, a few times an hour (429 with `Retry-After` otherwise). Callers without a verified identity send a bot-check token in `X-Bot-Check`; `Accept-Language` chooses the message’s language.',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        body: phoneVerificationRequest,
        response: { 201: verificationAnswer, ...errorAnswers(400, 401, 403, 404, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const locale = acceptedLocale(request.headers['accept-language']);
      return reply
        .code(201)
        .send(await phoneChange.request(principalOf(request), request.params.id, request.body, locale));
    },
  );

  app.get(
    '/accounts/:id/phone_verifications/pending',
    {
      schema: {
        summary: 'Read the caller’s code still waiting to be typed',
        description:
          'No code waiting (none asked for, typed, expired or used up) is an ordinary answer: 200 with `null` (issue 40; it was 404, which every profile load logged as an error). 404: the account is not the caller’s.',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        response: {
          200: described(z.nullable(phoneVerificationSchema), 'The code waiting to be typed, or null when none is.'),
          ...errorAnswers(400, 401, 404),
        },
      },
    },
    async (request) => phoneChange.pending(principalOf(request), request.params.id),
  );

  app.post(
    '/accounts/:id/phone_verifications/:itemId/confirm',
    {
      schema: {
        summary: 'Type the code back: the account’s phone changes to the verified number',
        tags,
        params: nestedIdParams,
        querystring: NO_QUERY,
        // No body at all is a missing code (422), as an empty one.
        body: z.preprocess((body) => body ?? {}, phoneVerificationConfirm),
        response: {
          200: described(accountAnswer, 'The account with its new phone number.'),
          ...errorAnswers(400, 401, 404, 422),
        },
      },
    },
    async (request) => {
      const { id, itemId } = request.params;
      return accountResource(await phoneChange.confirm(principalOf(request), id, itemId, request.body.code ?? ''));
    },
  );

  app.post(
    '/accounts/:id/user_accounts',
    {
      ...botChecked,
      schema: {
        summary: 'Add a registered user to a company account (its main administrators)',
        description: 'Callers without a verified identity send a bot-check token in `X-Bot-Check`.',
        tags,
        params: idParams,
        querystring: NO_QUERY,
        body: companyUserCreate,
        response: {
          201: described(accountAnswer, 'The account with the user added.'),
          ...errorAnswers(400, 401, 403, 404, 422),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(accountResource(await companyUsers.add(principalOf(request), request.params.id, request.body))),
  );

  app.delete(
    '/accounts/:id/user_accounts/:itemId',
    {
      schema: {
        summary: 'Remove a user from a company account (its main administrators)',
        description: 'The account keeps at least one main administrator (422 otherwise).',
        tags,
        params: nestedIdParams,
        querystring: NO_QUERY,
        response: { 204: noContent('Removed.'), ...errorAnswers(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { id, itemId } = request.params;
      await companyUsers.remove(principalOf(request), id, itemId);
      return reply.code(204).send(null);
    },
  );
};
