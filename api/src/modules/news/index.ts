import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';
import { registerTwinRoutes } from '../../http/twin-routes';
import { newsRoutes } from './routes';
import { NewsService } from './service';

export { NEWS_SEED, seedNews } from './seed';
export type { NewsService } from './service';

/**
 * News cards of the home page (issue 21, SPEC §2): seeded service news, read through
 * GET /api/public/news and its signed-in twin. The back office's content blocks replace the seed later.
 */
export const newsModule: FastifyPluginAsync<{ db: Database; now?: () => Date }> = async (app, { db, now }) => {
  await registerTwinRoutes(app, newsRoutes, { service: new NewsService(db.orm, now) });
};
