import type { FastifyPluginAsync } from 'fastify';
import { requireAuthentication } from '../../auth';
import type { Database } from '../../db';
import { apiModule } from '../../http/api-module';
import { postCalendarRoutes } from './routes';
import { PostCalendarService } from './service';

/** Reloads the days off from the database this often (another API instance may have changed them). */
const RELOAD_MS = 5 * 60_000;

/**
 * The post's calendar (issue 14 item 9): its own days off besides Latvia's public holidays, kept in
 * `post_days_off` and handed to the working-day rules of api/src/calendar (courier pick-up dates,
 * expected delivery); the back office's /api/admin/calendar routes.
 */
const postCalendarPlugin: FastifyPluginAsync<{ db: Database; now?: () => Date }> = async (app, { db, now }) => {
  const service = new PostCalendarService(db.orm, now);
  await service.load();
  const timer = setInterval(() => {
    service.load().catch((error: unknown) => app.log.error({ err: error }, 'post days off not reloaded'));
  }, RELOAD_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(postCalendarRoutes, { service });
    },
    { prefix: '/api' },
  );
};

export const postCalendarModule = apiModule(postCalendarPlugin, { name: 'post-calendar' });
