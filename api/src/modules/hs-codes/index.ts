import type { FastifyPluginAsync } from 'fastify';
import { registerTwinRoutes } from '../../http/twin-routes';
import { hsCodeRoutes } from './routes';
import { type HsCodeService, hsCodeService } from './service';

export type { HsCode } from './seed';
export { HsCodeService, hsCodeService, isKnownHsCode } from './service';

/**
 * Goods codes (SPEC §1 "goods-code (HS code) search", §8): the HS 2022 nomenclature with Latvian
 * names, kept in memory (see README.md). GET /api/hs_codes?search=… and /api/hs_codes/{code}, with
 * their public twins. `service` replaces the bundled nomenclature (tests).
 */
export const hsCodesModule: FastifyPluginAsync<{ service?: () => HsCodeService }> = async (app, options) => {
  await registerTwinRoutes(app, hsCodeRoutes, { service: options.service ?? hsCodeService });
};
