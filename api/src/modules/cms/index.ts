import type { FastifyPluginAsync } from 'fastify';
import { requireAuthentication } from '../../auth';
import type { Database } from '../../db';
import { apiModule } from '../../http/api-module';
import { registerTwinRoutes } from '../../http/twin-routes';
import { cmsAdminRoutes, cmsRoutes } from './routes';
import { CmsService } from './service';

export { renderMarkdown } from './markdown';
export { NEWS_SEED } from './news-seed';
export { seedCmsBlocks } from './seed';
export { type CmsBlockRow, CmsService } from './service';

/**
 * CMS blocks (SPEC §3; issue 13 item 7, issue 14 item 8): the information pages' texts (terms,
 * privacy, cookies, accessibility, prohibitions, deadlines), the footer's columns, the tooltips, the
 * home page's adverts and news, in English and Latvian, seeded on first start, read at run time
 * through GET /api/public/cms_blocks/{key} and ?kind=…, edited by content editors through
 * /api/admin/cms_blocks without a release.
 */
const cmsPlugin: FastifyPluginAsync<{ db: Database; now?: () => Date }> = async (app, { db, now }) => {
  const service = new CmsService(db.orm, now);
  await registerTwinRoutes(app, cmsRoutes, { service });
  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(cmsAdminRoutes, { service });
    },
    { prefix: '/api' },
  );
};

export const cmsModule = apiModule(cmsPlugin, { name: 'cms' });
