import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ADMIN_ONLY, requireAuthentication } from '../../auth';
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
  /** Seeds the development identity provider's demo users (SEED_DEMO_USERS; never in production). */
  seedDemoUsers: boolean;
  /** The bot check's HMAC secret (BOT_CHECK_SECRET), shared with the orders module's writes. */
  botCheckSecret: string;
}

/**
 * Users, accounts and the bot check (SPEC §3, §4, §6, §7): GET /api/my-user, /api/accounts,
 * PATCH /api/users/{id}, POST /api/company_applications, the bot check routes, and the admin guard
 * of every route that declares `config: ADMIN_ONLY` (every `/api/admin/...` route of any module):
 * authenticated, admin flag set.
 */
const plugin: FastifyPluginAsync<IdentityModuleOptions> = async (app, options) => {
  const { db } = options;
  if (options.seedDemoUsers) await seedDemoUsers(db.orm);
  const service = new IdentityService(db.orm);
  const botCheck = new BotCheckService(db.orm, { secret: options.botCheckSecret });

  // Administrators' routes are marked when they are registered, by the path they declare: every
  // route under /api/admin, of any module, is administrators' (and has no public twin).
  app.addHook('onRoute', (route) => {
    if (isUnder(route.url, '/api/public/admin'))
      throw new Error(`${route.url}: administrators' routes have no public twin`);
    if (isUnder(route.url, '/api/admin')) route.config = { ...route.config, ...ADMIN_ONLY };
  });
  // Checked after routing, on the route the router chose: an encoded URL (/api/%61dmin/...)
  // reaches the same route and the same check. Unknown admin paths answer like known ones to
  // non-administrators, so they reveal nothing.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const unknownPath = request.is404 ? decodedPath(request.url) : null;
    if (unknownPath !== null && isUnder(unknownPath, '/api/public/admin')) throw unauthorized();
    if (
      request.routeOptions.config?.access !== 'admin' &&
      !(unknownPath !== null && isUnder(unknownPath, '/api/admin'))
    ) {
      return;
    }
    const principal = request.principal ?? (await request.server.verifyToken(request.headers.authorization));
    if (!principal) throw unauthorized();
    request.principal = principal;
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

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The path as the router reads it (percent-decoded); null when it cannot be decoded. */
function decodedPath(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '');
  } catch {
    return null;
  }
}

// Not encapsulated, so that the admin guard's hooks apply to the routes of every module.
(plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
export const identityModule = plugin;
