import { hasAdminRole } from '@portal/shared-contracts/admin';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { ADMIN_ONLY, authenticatedPrincipal, requireAuthentication } from '../../auth';
import type { Database } from '../../db';
import { ApiError, unauthorized } from '../../http/problem';
import type { SmsSender } from '../../sms';
import { type BotCheckService, botCheckModule } from '../bot-check';
import { accountRoutes } from './account-routes';
import { usersAdminRoutes } from './admin-routes';
import { CompanyUsersService } from './company-users';
import { PhoneChangeService } from './phone-change';
import { accountResource, identityRoutes } from './routes';
import { ACCESS_DENIED, type IdentityService } from './service';
import { UsersAdminService } from './users-admin';

// For modules that resolve the caller's user or check a phone as the profile does (address book).
// What other modules ask of users and accounts: answers (and, for the back office's client search,
// subqueries of ids), never the tables (issue 37).
export {
  accountClients,
  accountExists,
  accountsMatchingClient,
  accountTypeOf,
  activeAccountTypesOfUser,
  emailOfAccountOrUser,
  firstAccountOfUser,
  isMemberOf,
  labelFormatOfAccount,
  lockAccount,
  notificationPreferencesOfAccounts,
  reachableAccounts,
  userEmails,
  userIdOfSubject,
  userNames,
  usersMatchingEmail,
} from './directory';
export { phoneProblem } from './model';
export { trimPhoneCodes } from './retention';
export { seedDemoUsers } from './seed';
export { IdentityService, type IdentityServiceOptions } from './service';

export interface IdentityModuleOptions {
  /** Built by the composition root (with what other modules do when an account is deleted). */
  identity: IdentityService;
  /** The one bot check, whose challenges the orders and complaints modules' writes spend. */
  botCheck: BotCheckService;
  db: Database;
  /** Sends the phone change codes (modules/sms). */
  sms: SmsSender;
  /** HMAC key of stored phone change codes (PHONE_CODE_SECRET). */
  phoneCodeSecret: string;
  /** The clock of code expiry and resend waits; tests set it. */
  now?: () => Date;
}

/**
 * Users, accounts and the bot check (SPEC §3, §4, §6, §7): GET and POST /api/my-user, /api/accounts,
 * PATCH /api/users/{id}, POST /api/company_applications, the bot check routes, and the admin guard
 * of every route that declares `config: ADMIN_ONLY` or `adminRoute(...)` (every `/api/admin/...`
 * route of any module): authenticated, with a back-office role the route allows (administrators
 * may call every one).
 */
const plugin: FastifyPluginAsync<IdentityModuleOptions> = async (app, options) => {
  const { identity: service, botCheck } = options;

  // Back-office routes are marked when they are registered, by the path they declare: every route
  // under /api/admin, of any module, is the back office's (and has no public twin). The roles a
  // route declares (`adminRoute(...)`) are kept; a route that declares none is administrators' only.
  app.addHook('onRoute', (route) => {
    if (isUnder(route.url, '/api/public/admin'))
      throw new Error(`${route.url}: administrators' routes have no public twin`);
    if (isUnder(route.url, '/api/admin')) route.config = { ...ADMIN_ONLY, ...route.config, access: 'admin' };
  });
  // Checked after routing, on the route the router chose: an encoded URL (/api/%61dmin/...)
  // reaches the same route and the same check. Unknown admin paths answer like known ones to
  // non-administrators, so they reveal nothing: a path no API route took is unknown, whether the
  // router found nothing or a catch-all of the gateway's (its pages, `/*`) took it.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const apiRoute = !request.is404 && request.routeOptions.url?.startsWith('/api') === true;
    const unknownPath = apiRoute ? null : decodedPath(request.url);
    if (unknownPath !== null && isUnder(unknownPath, '/api/public/admin')) throw unauthorized();
    if (
      request.routeOptions.config?.access !== 'admin' &&
      !(unknownPath !== null && isUnder(unknownPath, '/api/admin'))
    ) {
      return;
    }
    const principal = request.principal ?? (await authenticatedPrincipal(request));
    if (!principal) throw unauthorized();
    request.principal = principal;
    const declared = request.is404 ? [] : (request.routeOptions.config?.adminRoles ?? []);
    if (!hasAdminRole(await service.adminRoles(principal), declared)) throw new ApiError(403, ACCESS_DENIED);
  });

  // A blocked user or a deleted profile may not call the API (issue 13, 14): checked on every route
  // of every module once the route's own authentication has run (preValidation comes after every
  // onRequest hook), so only a caller with a verified token is looked up; and before the route's
  // schema validates the input, so a blocked user is refused whatever they send. An anonymous call
  // to a public route is nobody's and passes.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.principal) await service.assertMayCall(request.principal);
  });

  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(identityRoutes, { service, botCheck });
      await authenticated.register(usersAdminRoutes, {
        admin: new UsersAdminService(options.db.orm),
        identity: service,
        now: options.now ?? (() => new Date()),
      });
      await authenticated.register(accountRoutes, {
        phoneChange: new PhoneChangeService(options.db.orm, service, {
          sms: options.sms,
          secret: options.phoneCodeSecret,
          now: options.now,
          logger: app.log,
        }),
        companyUsers: new CompanyUsersService(options.db.orm, service),
        botCheck,
        accountResource,
      });
    },
    { prefix: '/api' },
  );
  await app.register(botCheckModule, { service: botCheck });
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

// Not encapsulated (fastify-plugin), so that the admin guard's hooks apply to the routes of every module.
export const identityModule = fastifyPlugin(plugin, { name: 'identity', dependencies: ['idempotency', 'api-keys'] });
