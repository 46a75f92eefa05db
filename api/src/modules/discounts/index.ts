import type { FastifyPluginAsync } from 'fastify';
import { requireAuthentication } from '../../auth';
import { apiModule } from '../../http/api-module';
import type { WorkbookWriter } from '../../spreadsheet/workbook-writer';
import { discountAdminRoutes, userDiscountRoutes } from './routes';
import type { DiscountService } from './service';

// What other modules ask of discount codes: answers, never the table (issue 37).
export { addDiscountUses, type DiscountPeriod, discountPeriods } from './lookups';
export { DiscountService, type UserDiscount } from './service';

/**
 * Discounts (issue 14 item 5, issue 13 item 6; SPEC §3–§5): the back office's discount codes and
 * loyalty discounts under /api/admin/discounts, and a registered user's loyalty discounts under
 * /api/user_discounts. A module of its own rather than part of prices: prices only reads a code
 * when it prices (through `findDiscountRules` and the `LoyaltyHolders` port this service fills),
 * while this module owns writing them, their rules, their export and who holds a loyalty one.
 * The service is built once by the composition root (orders assigns loyalty discounts on payment).
 */
const discountsPlugin: FastifyPluginAsync<{
  service: DiscountService;
  /** Writes the export workbook (the composition root's, on worker threads). */
  workbooks: WorkbookWriter;
}> = async (app, { service, workbooks }) => {
  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      // Under /api/admin: the identity module's guard admits product managers and administrators.
      await authenticated.register(discountAdminRoutes, { service, workbooks });
      await authenticated.register(userDiscountRoutes, { service });
    },
    { prefix: '/api' },
  );
};

export const discountsModule = apiModule(discountsPlugin, { name: 'discounts' });
