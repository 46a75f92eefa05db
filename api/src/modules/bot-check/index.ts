import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { described, errorAnswers } from '../../http/answer-schemas';
import { ApiError } from '../../http/problem';
import { NO_QUERY } from '../../http/route-schemas';
import { registerTwinRoutes } from '../../http/twin-routes';
import type { BotCheckService } from './service';

export { type BotCheckOptions, BotCheckService, MAX_WORK_FACTOR } from './service';

/** Header that carries the verified token along with the write (shared-contracts BOT_CHECK_HEADER). */
export const BOT_CHECK_HEADER = 'x-bot-check';
export const BOT_CHECK_FAILED = 'The bot check failed. Please try again.';
export const BOT_CHECK_REQUIRED = 'A bot check is required for this request.';

const verifyBody = z.strictObject({ token: z.string().min(1, 'This value should not be blank.').max(4096) });

/** An ALTCHA challenge as altcha-lib (v2) makes it: the client solves it with the same library. */
const challengeAnswer = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.int(),
      keyLength: z.int(),
      /** The hex prefix the solver's derived key must start with. */
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      memoryCost: z.int().optional(),
      parallelism: z.int().optional(),
      /** Seconds since the epoch. */
      expiresAt: z.int().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    /** HMAC of the parameters: the API accepts only the challenges it signed. */
    signature: z.string(),
  })
  .describe('A signed proof-of-work challenge; its work rises for a client that asks too often.');

const botCheckRoutes: FastifyPluginAsync<{ service: BotCheckService }> = async (plain, { service }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const tags = ['Bot check'];
  app.get(
    '/bot-check/challenge',
    {
      schema: {
        querystring: NO_QUERY,
        summary: 'Get a proof-of-work challenge (ALTCHA)',
        tags,
        response: { 200: challengeAnswer, ...errorAnswers(401, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.challenge(request.ip);
    },
  );
  app.post(
    '/recaptcha-verify',
    {
      schema: {
        querystring: NO_QUERY,
        summary: 'Verify a solved challenge',
        description:
          'The token is the base64 JSON of `{challenge, solution}`. Once verified it serves one write, sent in the `X-Bot-Check` header; a wrong, expired or replayed solution is 400.',
        tags,
        body: verifyBody,
        response: {
          200: z.object({ success: z.literal(true) }).describe('Verified: the token may be spent by one write.'),
          400: described(errorAnswers(400)[400], 'The solution is wrong, expired or was verified before.'),
          ...errorAnswers(401, 422, 429),
        },
      },
    },
    async (request) => {
      if (!(await service.verify(request.body.token))) throw new ApiError(400, BOT_CHECK_FAILED);
      return { success: true as const };
    },
  );
};

/**
 * A write's preValidation hook (SPEC §7; before the route's schema, so 403 whatever the input):
 * callers whose identity is not verified must send a token verified by POST /api/recaptcha-verify
 * in the X-Bot-Check header; each token serves one write.
 */
export function requireBotCheck(service: BotCheckService) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (request.principal?.identityVerified) return;
    // A company's API key is a machine client by design, held to its own rate limit instead
    // (modules/api-keys): it cannot solve a challenge.
    if (request.principal?.apiKey) return;
    const header = request.headers[BOT_CHECK_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) throw new ApiError(403, BOT_CHECK_REQUIRED);
    if (!(await service.spend(token))) throw new ApiError(403, BOT_CHECK_FAILED);
  };
}

/** GET /api/bot-check/challenge and POST /api/recaptcha-verify, with their public twins. */
export const botCheckModule: FastifyPluginAsync<{ service: BotCheckService }> = async (app, { service }) => {
  await registerTwinRoutes(app, botCheckRoutes, { service });
};
