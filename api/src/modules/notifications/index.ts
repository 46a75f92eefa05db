import type { FastifyPluginAsync } from 'fastify';
import { requireAuthentication } from '../../auth';
import type { Database } from '../../db';
import { apiModule } from '../../http/api-module';
import { registerTwinRoutes } from '../../http/twin-routes';
import type { SmsSender } from '../../sms';
import type { WorkbookWriter } from '../../spreadsheet/workbook-writer';
import { announcementAdminRoutes } from './admin-routes';
import { AnnouncementService } from './announcements';
import { BannerService } from './banner';
import type { Mailer } from './mailer';
import { bannerRoutes, notificationRoutes } from './routes';
import type { NotificationService } from './service';
import { NotificationSettingsService } from './settings';

export { AnnouncementService } from './announcements';
export { deletionMailConsumer } from './deletion-mail';
export {
  type Mailer,
  type MailMessage,
  mailboxFolderMailer,
  mailerFromSettings,
  memoryMailer,
  smtpMailer,
} from './mailer';
export { trimNotifications } from './retention';
export { NotificationService } from './service';
export { NOTIFIED_STATUSES } from './texts';

export interface NotificationsModuleOptions {
  service: NotificationService;
  db: Database;
  /** The announcements' e-mails and text messages go through these (composition.ts). */
  mailer: Mailer;
  sms: SmsSender;
  portalUrl: string;
  now?: () => Date;
  /** Writes the announcements' export workbook (the composition root's, on worker threads). */
  workbooks: WorkbookWriter;
}

/**
 * Progress notifications (issue 6): GET /api/notifications and POST /api/notifications/{id}/read
 * for the signed-in user, and the user's choices of which status changes notify and in which
 * language (GET/PUT /api/users/{id}/notification_settings, issue 13). The service is made by
 * buildApp, which also hands it to tracking. The post's announcements (issue 14 item 6, issue 13
 * item 5): composed and sent under /api/admin/notifications, shown in the same list.
 */
const notificationsPlugin: FastifyPluginAsync<NotificationsModuleOptions> = async (
  app,
  { service, db, mailer, sms, portalUrl, now, workbooks },
) => {
  const announcements = new AnnouncementService(db.orm, { mailer, sms, portalUrl, now, logger: app.log });
  const banner = new BannerService(db.orm, now);
  await registerTwinRoutes(app, bannerRoutes, { banner });
  app.addHook('onClose', async () => {
    await announcements.whenIdle();
  });
  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(notificationRoutes, { service, settings: new NotificationSettingsService(db.orm) });
      await authenticated.register(announcementAdminRoutes, { announcements, banner, workbooks });
    },
    { prefix: '/api' },
  );
};

export const notificationsModule = apiModule(notificationsPlugin, { name: 'notifications' });
