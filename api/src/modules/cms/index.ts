import type { FastifyPluginAsync } from 'fastify';
import { requireAuthentication } from '../../auth';
import type { Database } from '../../db';
import { registerTwinRoutes } from '../../http/twin-routes';
import { cmsAdminRoutes, cmsRoutes } from './routes';
import { CmsService } from './service';

export { renderMarkdown } from './markdown';
export { seedCmsBlocks } from './seed';

/**
 * CMS blocks (SPEC §3; issue 13 item 7): the information pages' texts (terms, privacy, cookies,
 * accessibility, prohibitions, deadlines) in English and Latvian, seeded on first start, read by
 * the shell at run time through GET /api/public/cms_blocks/{key}, edited by administrators through
 * /api/admin/cms_blocks without a release.
 */
export const cmsModule: FastifyPluginAsync<{ db: Database; now?: () => Date }> = async (app, { db, now }) => {
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
