import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireAuthentication } from '../../auth';
import type { Database } from '../../db';
import { ApiError, unauthorized } from '../../http/problem';
import { botCheckModule } from '../bot-check';
import { BotCheckService } from '../bot-check/service';
import { identityRoutes } from './routes';
import { seedDemoUsers } from './seed';
import { ACCESS_DENIED, IdentityService } from './service';

// For modules that resolve the caller's user or check a phone as the profile does (address book).
export { phoneProblem } from './model';
export { IdentityService } from './service';

export interface IdentityModuleOptions {
  db: Database;
  /** Seeds the development identity provider's demo users (default unless SEED_DEMO_USERS=false). */
  seedDemoUsers?: boolean;
}

/**
 * Users, accounts and the bot check (SPEC §3, §4, §6, §7): GET /api/my-user, /api/accounts,
 * PATCH /api/users/{id}, POST /api/company_applications, the bot check routes, and the admin guard
 * that every `/api/admin/...` route of any module passes (authenticated, admin flag set).
 */
const plugin: FastifyPluginAsync<IdentityModuleOptions> = async (app, options) => {
  const { db } = options;
  if (options.seedDemoUsers ?? process.env.SEED_DEMO_USERS !== 'false') await seedDemoUsers(db.orm);
  const service = new IdentityService(db.orm);
  const botCheck = new BotCheckService(db.orm);

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api/public/admin' || path.startsWith('/api/public/admin/')) throw unauthorized();
    if (path !== '/api/admin' && !path.startsWith('/api/admin/')) return;
    const principal = await request.server.verifyToken(request.headers.authorization);
    if (!principal) throw unauthorized();
    if (!(await service.isAdmin(principal))) throw new ApiError(403, ACCESS_DENIED);
  });

  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(identityRoutes, { service, botCheck });
    },
    { prefix: '/api' },
  );
  await app.register(botCheckModule, { db, service: botCheck });
};

// Not encapsulated, so that the admin guard's hook applies to the routes of every module.
(plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
export const identityModule = plugin;
