import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { requireAuthentication } from '../../auth';
import type { Database } from '../../db';
import { apiModule } from '../../http/api-module';
import { registerTwinRoutes } from '../../http/twin-routes';
import type { FileStorage } from '../../storage';
import type { BotCheckService } from '../bot-check';
import type { IdentityService } from '../identity';
import type { Mailer } from '../notifications';
import { complaintAdminRoutes } from './admin-routes';
import { ComplaintAttachmentStore } from './attachments';
import { complaintRoutes } from './routes';
import { ComplaintService } from './service';
import { UPLOAD_LIMITS } from './upload';

export { shipmentsOfOpenComplaints } from './open-shipments';
export { ComplaintService } from './service';

/**
 * Complaints and refund requests (SPEC §3, §5; issue 13 item 4): POST /api/complaints (and the
 * public twin, bot-checked) as JSON or multipart with attachments checked by content, the caller's
 * list, one complaint and its files; the back office's answer (POST /api/admin/complaints/{id}/answer);
 * e-mails on filing and on answer.
 */
export interface ComplaintsModuleOptions {
  db: Database;
  mailer: Mailer;
  /** Where attachments are kept (local folder or S3: api/src/storage). */
  storage: FileStorage;
  /** Base of the links in the e-mails (the configuration's PORTAL_URL). */
  portalUrl: string;
  identity: IdentityService;
  /** The one bot check (composition root), whose challenges public filings spend. */
  botCheck: BotCheckService;
  now?: () => Date;
}

const complaintsPlugin: FastifyPluginAsync<ComplaintsModuleOptions> = async (
  app,
  { db, mailer, storage, portalUrl, identity, botCheck, now },
) => {
  // multipart/form-data for this module's routes only; files stream, cut at the SPEC §5 limit.
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: false });
  const attachments = new ComplaintAttachmentStore(db.orm, storage, (error, message) =>
    app.log.error({ err: error }, message),
  );
  const service = new ComplaintService(db.orm, identity, attachments, now, {
    mailer,
    portalUrl,
    onError: (error) => app.log.error({ err: error }, 'complaint e-mail not sent'),
  });
  await registerTwinRoutes(app, complaintRoutes, {
    service,
    botCheck,
  });
  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(complaintAdminRoutes, { service });
    },
    { prefix: '/api' },
  );
};

export const complaintsModule = apiModule(complaintsPlugin, { name: 'complaints' });
