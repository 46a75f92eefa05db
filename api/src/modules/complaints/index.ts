import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';
import { registerTwinRoutes } from '../../http/twin-routes';
import { BotCheckService } from '../bot-check';
import { IdentityService } from '../identity';
import type { Mailer } from '../notifications';
import { complaintRoutes } from './routes';
import { ComplaintService } from './service';

/**
 * Complaints and refund requests (SPEC §3, §5; issue 13 item 4): POST /api/complaints (and the
 * public twin, bot-checked), the caller's list and one complaint, the prefill check of an order; a
 * receipt e-mail with the submission number on filing.
 */
export interface ComplaintsModuleOptions {
  db: Database;
  mailer: Mailer;
  /** Base of the links in the receipt e-mail (the configuration's PORTAL_URL). */
  portalUrl: string;
  /** The bot check's HMAC secret, the one the identity module's challenges carry. */
  botCheckSecret?: string;
  now?: () => Date;
}

export const complaintsModule: FastifyPluginAsync<ComplaintsModuleOptions> = async (
  app,
  { db, mailer, portalUrl, botCheckSecret, now },
) => {
  const service = new ComplaintService(db.orm, new IdentityService(db.orm), now, {
    mailer,
    portalUrl,
    onError: (error) => app.log.error({ err: error }, 'complaint receipt e-mail not sent'),
  });
  await registerTwinRoutes(app, complaintRoutes, {
    service,
    botCheck: new BotCheckService(db.orm, { secret: botCheckSecret }),
  });
};
