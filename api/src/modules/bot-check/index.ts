import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../../http/problem';
import { registerTwinRoutes } from '../../http/twin-routes';
import { parseBody } from '../../http/validate';
import type { BotCheckService } from './service';

export { type BotCheckOptions, BotCheckService, MAX_WORK_FACTOR } from './service';

/** Header that carries the verified token along with the write (shared-contracts BOT_CHECK_HEADER). */
export const BOT_CHECK_HEADER = 'x-bot-check';
export const BOT_CHECK_FAILED = 'The bot check failed. Please try again.';
export const BOT_CHECK_REQUIRED = 'A bot check is required for this request.';

const verifyBody = z.strictObject({ token: z.string().min(1, 'This value should not be blank.').max(4096) });

const botCheckRoutes: FastifyPluginAsync<{ service: BotCheckService }> = async (app, { service }) => {
  app.get('/bot-check/challenge', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return service.challenge(request.ip);
  });
  app.post('/recaptcha-verify', async (request) => {
    const { token } = parseBody(verifyBody, request.body);
    if (!(await service.verify(token))) throw new ApiError(400, BOT_CHECK_FAILED);
    return { success: true };
  });
};

/**
 * A write's preHandler (SPEC §7): callers whose identity is not verified must send a token verified
 * by POST /api/recaptcha-verify in the X-Bot-Check header; each token serves one write.
 */
export function requireBotCheck(service: BotCheckService) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (request.principal?.identityVerified) return;
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
