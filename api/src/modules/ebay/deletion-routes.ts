import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, noContent } from '../../http/answer-schemas';
import { ApiError } from '../../http/problem';
import { NO_QUERY } from '../../http/route-schemas';
import { EBAY_SIGNATURE_HEADER, type EbayAccountDeletion } from './account-deletion';
import { challengeAnswer } from './answers';

export interface DeletionRoutesOptions {
  deletion: EbayAccountDeletion;
}

// eBay's challenge code: its guide shows a UUID-like token; anything printable up to 200 characters.
const challengeQuery = z.strictObject({
  challenge_code: z
    .string()
    .min(1, 'This value should not be blank.')
    .max(200, 'This value is too long.')
    .regex(/^[\x21-\x7e]+$/, 'This value is not valid.'),
});

const tags = ['eBay'];
// eBay calls these signed in as nobody: the document must not ask it for a bearer token.
const security: { bearer: string[] }[] = [];

/**
 * GET and POST /api/ebay/account-deletion: eBay's marketplace account deletion endpoint. Public
 * (eBay calls it, signed in as nobody); a notice is believed only when eBay's signature verifies.
 */
export const deletionRoutes: FastifyPluginAsync<DeletionRoutesOptions> = async (plain, { deletion }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // The signature covers the exact bytes: the body is kept as the raw string.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/ebay/account-deletion',
    {
      schema: {
        summary: 'Answer eBay’s check of the account deletion endpoint',
        tags,
        security,
        querystring: challengeQuery,
        response: {
          // Plain JSON, as eBay's guide asks for.
          200: { description: 'The challenge answered.', content: { 'application/json': { schema: challengeAnswer } } },
          ...errorAnswers(400),
        },
      },
    },
    async (request, reply) => reply.type('application/json').send(deletion.challenge(request.query.challenge_code)),
  );

  app.post(
    '/ebay/account-deletion',
    {
      schema: {
        summary: 'Receive eBay’s notice that a marketplace account was deleted',
        description:
          'eBay’s signed JSON notice (topic `MARKETPLACE_ACCOUNT_DELETION`), signature in the `x-ebay-signature` ' +
          'header; the portal then deletes the accounts and waiting sales it keeps of that eBay user.',
        tags,
        security,
        querystring: NO_QUERY,
        // The raw JSON, verified over its exact bytes before it is read.
        consumes: ['application/json'],
        response: {
          204: noContent('Applied.'),
          ...errorAnswers(400, 409, 412, 413, 415, 502),
        },
      },
    },
    async (request, reply) => {
      if (typeof request.body !== 'string') throw new ApiError(400, 'The notice must be JSON.');
      const header = request.headers[EBAY_SIGNATURE_HEADER];
      const deleted = await deletion.receive(request.body, Array.isArray(header) ? header[0] : header);
      request.log.info({ deleted }, 'ebay: marketplace account deletion notice applied');
      return reply.code(204).send(null);
    },
  );
};
