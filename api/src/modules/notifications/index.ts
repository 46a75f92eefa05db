import type { FastifyPluginAsync } from 'fastify';
import { requireAuthentication } from '../../auth';
import { notificationRoutes } from './routes';
import type { NotificationService } from './service';

export {
  type Mailer,
  type MailMessage,
  mailboxFolderMailer,
  mailerFromSettings,
  memoryMailer,
  smtpMailer,
} from './mailer';
export { NotificationService } from './service';
export { NOTIFIED_STATUSES } from './texts';

/**
 * Progress notifications (issue 6): GET /api/notifications and POST /api/notifications/{id}/read
 * for the signed-in user. The service is made by buildApp, which also hands it to tracking.
 */
export const notificationsModule: FastifyPluginAsync<{ service: NotificationService }> = async (app, { service }) => {
  app.addHook('onClose', async () => service.whenIdle());
  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(notificationRoutes, { service });
    },
    { prefix: '/api' },
  );
};
