import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';
import { registerTwinRoutes } from '../../http/twin-routes';
import { BotCheckService } from '../bot-check';
import { IdentityService } from '../identity/service';
import { type Mailer, portalUrlFromEnv } from '../notifications';
import { complaintRoutes } from './routes';
import { ComplaintService } from './service';

/**
 * Complaints and refund requests (SPEC §3, §5; issue 13 item 4): POST /api/complaints (and the
 * public twin, bot-checked), the caller's list and one complaint, the prefill check of an order; a
 * receipt e-mail with the submission number on filing.
 */
export const complaintsModule: FastifyPluginAsync<{ db: Database; mailer: Mailer; now?: () => Date }> = async (
  app,
  { db, mailer, now },
) => {
  const service = new ComplaintService(db.orm, new IdentityService(db.orm), now, {
    mailer,
    portalUrl: portalUrlFromEnv(),
    onError: (error) => app.log.error({ err: error }, 'complaint receipt e-mail not sent'),
  });
  await registerTwinRoutes(app, complaintRoutes, { service, botCheck: new BotCheckService(db.orm) });
};
