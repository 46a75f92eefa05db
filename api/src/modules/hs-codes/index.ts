import type { FastifyPluginAsync } from 'fastify';
import { requireAuthentication } from '../../auth';
import type { Database } from '../../db';
import { apiModule } from '../../http/api-module';
import { registerTwinRoutes } from '../../http/twin-routes';
import type { IdentityService } from '../identity';
import { hsCodeRoutes } from './routes';
import { SavedHsCodeService } from './saved';
import { savedHsCodeRoutes } from './saved-routes';
import { type HsCodeService, hsCodeService } from './service';

export type { HsCode } from './seed';
export { HsCodeService, hsCodeService, isKnownHsCode } from './service';

/**
 * Goods codes (SPEC §1 "goods-code (HS code) search", §8): the HS 2022 nomenclature with Latvian
 * names, kept in memory (see README.md). GET /api/hs_codes?search=… and /api/hs_codes/{code}, with
 * their public twins; with `db`, an account's saved codes under /api/accounts/{id}/saved_hs_codes
 * (signed-in members only). `service` replaces the bundled nomenclature (tests).
 */
const hsCodesPlugin: FastifyPluginAsync<{
  db?: Database;
  /** Built by the composition root: whose saved codes a caller reads. */
  identity?: IdentityService;
  service?: () => HsCodeService;
}> = async (app, options) => {
  const nomenclature = options.service ?? hsCodeService;
  await registerTwinRoutes(app, hsCodeRoutes, { service: nomenclature });
  const { db, identity } = options;
  if (!db || !identity) return;
  const saved = new SavedHsCodeService(db.orm, identity, nomenclature);
  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(savedHsCodeRoutes, { saved });
    },
    { prefix: '/api' },
  );
};

export const hsCodesModule = apiModule(hsCodesPlugin, { name: 'hs-codes' });
