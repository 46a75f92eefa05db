import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';
import { apiModule } from '../../http/api-module';
import { registerTwinRoutes } from '../../http/twin-routes';
import { trackingRoutes } from './routes';
import { TrackingService, type TrackingServiceOptions } from './service';
import { TEST_HELPER_MESSAGES, testHelperRoutes } from './test-helper-routes';

export { type PartitionTurn, rotateTrackingPartitions, trackingPartitions } from './partitions';
export { TRACKING_INGEST_SCOPE } from './routes';
export type { StatusChange } from './service';
export { TEST_HELPER_MESSAGES };

export interface TrackingModuleOptions {
  db: Database;
  /** The domain events' outbox: each batch's status changes are published to it in the batch's transaction. */
  events?: TrackingServiceOptions['events'];
  /** The test helper's clock (its scans' times); tests set it. */
  now?: () => Date;
  /** Told what each ingested batch held (the metrics). */
  onIngested?: TrackingServiceOptions['onIngested'];
}

/**
 * Tracking (issue 6): GET /api/tracking/{number} and ?numbers= (and the public twins), and
 * POST /api/tracking/events for the operator's sorting and delivery systems.
 */
const trackingPlugin: FastifyPluginAsync<TrackingModuleOptions> = async (
  app,
  { db, events, onIngested, now = () => new Date() },
) => {
  const service = new TrackingService(db.orm, {
    ...(events ? { events } : {}),
    ...(onIngested ? { onIngested } : {}),
    logger: app.log,
    driver: db.driver,
  });
  await registerTwinRoutes(app, trackingRoutes, { service });
  // Test mode (issue 38): a test key moves its test orders' shipments (signed-in callers only).
  await app.register(testHelperRoutes, { prefix: '/api', service, orm: db.orm, now });
};

export const trackingModule = apiModule(trackingPlugin, { name: 'tracking' });
