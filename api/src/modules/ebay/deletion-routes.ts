import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../../http/problem';
import { parseQuery } from '../../http/validate';
import { EBAY_SIGNATURE_HEADER, type EbayAccountDeletion } from './account-deletion';

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

/**
 * GET and POST /api/ebay/account-deletion: eBay's marketplace account deletion endpoint. Public
 * (eBay calls it, signed in as nobody); a notice is believed only when eBay's signature verifies.
 */
export const deletionRoutes: FastifyPluginAsync<DeletionRoutesOptions> = async (app, { deletion }) => {
  // The signature covers the exact bytes: the body is kept as the raw string.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.get('/ebay/account-deletion', async (request, reply) => {
    const { challenge_code: code } = parseQuery(challengeQuery, request.query);
    return reply.type('application/json').send(deletion.challenge(code));
  });

  app.post('/ebay/account-deletion', async (request, reply) => {
    if (typeof request.body !== 'string') throw new ApiError(400, 'The notice must be JSON.');
    const header = request.headers[EBAY_SIGNATURE_HEADER];
    const deleted = await deletion.receive(request.body, Array.isArray(header) ? header[0] : header);
    request.log.info({ deleted }, 'ebay: marketplace account deletion notice applied');
    return reply.code(204).send();
  });
};
