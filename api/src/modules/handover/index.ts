import type { FastifyPluginAsync } from 'fastify';
import { requireAuthentication } from '../../auth';
import type { Database } from '../../db';
import { apiModule } from '../../http/api-module';
import { registerTwinRoutes } from '../../http/twin-routes';
import { documentRenderer } from '../documents';
import type { IdentityService } from '../identity';
import type { JobEngine } from '../jobs';
import type { Mailer } from '../notifications';
import { type LabelPlaces, OrderAccess, PaidOrderLabels } from '../orders';
import type { WorkflowCatalogue } from '../workflows';
import { HandoverCodes } from './code';
import { handoverOwnerRoutes, handoverRedeemRoutes, handoverReturnRoutes } from './routes';
import { HandoverService } from './service';

export { HandoverCodes } from './code';
export { HandoverService } from './service';

export interface HandoverSettings {
  /** HMAC key of the codes (HANDOVER_SECRET). */
  secret: string;
  /** Days a code is valid after payment (HANDOVER_VALID_DAYS). */
  validDays: number;
}

/**
 * The hand-over service, built by buildApp before the orders module: the orders module calls it as
 * a paid-order listener (the record is written in the payment's transaction), this module serves it.
 */
export function handoverService(options: {
  db: Database;
  settings: HandoverSettings;
  identity: IdentityService;
  catalogue: WorkflowCatalogue;
  /** What the labels print of countries and locations (the composition root's). */
  labelPlaces: LabelPlaces;
  mailer: Mailer;
  documentWorkers?: number;
  /** The job engine (modules/jobs): the codes' e-mails are its jobs. */
  jobs: JobEngine;
  now?: () => Date;
}): { service: HandoverService; close(): Promise<void> } {
  const renderer = documentRenderer(options.documentWorkers ?? 0);
  const service = new HandoverService({
    orm: options.db.orm,
    codes: new HandoverCodes(options.settings.secret),
    validDays: options.settings.validDays,
    labels: new PaidOrderLabels(options.db.orm, options.catalogue, options.labelPlaces, renderer.render),
    access: new OrderAccess(options.db.orm, options.identity),
    mailer: options.mailer,
    jobs: options.jobs,
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    service,
    close: () => renderer.close(),
  };
}

export interface HandoverModuleOptions {
  handover: { service: HandoverService; close(): Promise<void> };
}

/**
 * Printer-free hand-over (issue 20 item 5): GET {order}/handover and its QR for the order's owner
 * (twins, as the order), POST /api/handover/redeem for the counters' and lockers' machine clients.
 */
const handoverPlugin: FastifyPluginAsync<HandoverModuleOptions> = async (app, { handover }) => {
  app.addHook('onClose', handover.close);
  await registerTwinRoutes(app, handoverOwnerRoutes, { service: handover.service });
  // A prepaid return's: public, its key the capability (as the return's label).
  await app.register(handoverReturnRoutes, { prefix: '/api/public', service: handover.service });
  // Signed-in only (a machine client's token), so no /api/public twin.
  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(handoverRedeemRoutes, { service: handover.service });
    },
    { prefix: '/api' },
  );
};

export const handoverModule = apiModule(handoverPlugin, { name: 'handover' });
