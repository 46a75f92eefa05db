import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';
import { registerTwinRoutes } from '../../http/twin-routes';
import { courierRoutes } from './routes';
import { CourierService } from './service';

export {
  COURIER_PICK_UPS_PER_AREA_PER_DAY,
  COURIER_SCHEDULE,
  type CourierAvailability,
  type CourierDayAvailability,
  CourierService,
  courierAreaOf,
} from './service';

export interface CourierModuleOptions {
  db: Database;
  /** Clock of the availability call (today and the same-day cut-off, Riga time); tests pass a fixed one. */
  now?: () => Date;
}

/**
 * Courier pick-up availability (SPEC §5, §7): GET /api/courier_pick_up/availability and its public
 * twin. The order rules ask the same service (orders/rule-context.ts).
 */
export const courierModule: FastifyPluginAsync<CourierModuleOptions> = async (app, { db, now }) => {
  await registerTwinRoutes(app, courierRoutes, { service: new CourierService(db.orm, now) });
};
