import { CUSTOMER_RETURN_MODES } from '@portal/shared-contracts/returns';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuthentication } from '../../auth';
import { described, errorAnswers } from '../../http/answer-schemas';
import { JSON_LD } from '../../http/hydra';
import { unauthorized } from '../../http/problem';
import { NO_QUERY } from '../../http/route-schemas';
import type { ReturnSettingsService } from './settings';

export interface ReturnSettingsRoutesOptions {
  settings: ReturnSettingsService;
}

const tags = ['Returns'];
const accountParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'This value should be a whole number.')
    .transform(Number),
});
// Shape only: an unknown choice is the rule's 422 beside `customerReturns`.
const settingsBody = z.strictObject({ customerReturns: z.string().max(40).nullish() });

export const returnSettingsAnswer = z
  .object({
    '@id': z.string(),
    '@type': z.literal('ReturnSettings'),
    customerReturns: z
      .enum(CUSTOMER_RETURN_MODES)
      .describe(
        'Returns the customers start on /returns with the order number and e-mail: `off` (only the shop’s return ' +
          'codes and labels), `shopPays` (on account, the default) or `customerPays` (by card, before the label).',
      ),
  })
  .meta({ id: 'ReturnSettings' });

const resource = (accountId: number, customerReturns: z.infer<typeof returnSettingsAnswer>['customerReturns']) => ({
  '@id': `/api/accounts/${accountId}/return_settings`,
  '@type': 'ReturnSettings' as const,
  customerReturns,
});

function principalOf(request: FastifyRequest) {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/**
 * /api/accounts/{id}/return_settings: a company account's return settings. Read by its members,
 * changed by its main administrator; an API key of the account with the `returns` scope does both.
 */
export const returnSettingsRoutes: FastifyPluginAsync<ReturnSettingsRoutesOptions> = async (plain, { settings }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireAuthentication);
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300) reply.type(JSON_LD).header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/accounts/:id/return_settings',
    {
      config: { apiKeyScope: 'returns' },
      schema: {
        summary: 'Read a company account’s return settings',
        tags,
        params: accountParams,
        querystring: NO_QUERY,
        response: {
          200: described(returnSettingsAnswer, 'The account’s return settings.'),
          ...errorAnswers(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => resource(request.params.id, await settings.read(principalOf(request), request.params.id)),
  );

  app.put(
    '/accounts/:id/return_settings',
    {
      config: { apiKeyScope: 'returns' },
      schema: {
        summary: 'Choose whether customers may start returns on /returns, and who pays',
        description: 'The account’s main administrator, or an API key of the account with the `returns` scope.',
        tags,
        params: accountParams,
        querystring: NO_QUERY,
        body: settingsBody,
        response: {
          200: described(returnSettingsAnswer, 'The settings as saved.'),
          ...errorAnswers(400, 401, 403, 404, 422, 429),
        },
      },
    },
    async (request) =>
      resource(
        request.params.id,
        await settings.write(principalOf(request), request.params.id, request.body.customerReturns),
      ),
  );
};
