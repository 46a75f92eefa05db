import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';
import { apiModule } from '../../http/api-module';
import { registerTwinRoutes } from '../../http/twin-routes';
import { CmsService } from '../cms';
import { newsRoutes } from './routes';
import { NewsService } from './service';

export type { NewsService } from './service';

/**
 * News cards of the home page (issue 21, SPEC §2): the CMS blocks of kind `news` (issue 14 item 8,
 * seeded by the cms module), read through GET /api/public/news and its signed-in twin.
 */
const newsPlugin: FastifyPluginAsync<{ db: Database; now?: () => Date }> = async (app, { db, now }) => {
  await registerTwinRoutes(app, newsRoutes, { service: new NewsService(new CmsService(db.orm, now)) });
};

export const newsModule = apiModule(newsPlugin, { name: 'news' });
