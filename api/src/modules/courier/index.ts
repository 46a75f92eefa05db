import type { FastifyPluginAsync } from 'fastify';
import { apiModule } from '../../http/api-module';
import { registerTwinRoutes } from '../../http/twin-routes';
import { courierRoutes } from './routes';
import type { CourierService } from './service';

export {
  COURIER_PICK_UPS_PER_AREA_PER_DAY,
  COURIER_SCHEDULE,
  type CourierAvailability,
  type CourierDayAvailability,
  CourierService,
  courierAreaOf,
  type PickUpBookings,
} from './service';

export interface CourierModuleOptions {
  /** Built by the composition root with the clock of the availability call (tests pass a fixed one). */
  courier: CourierService;
}

/**
 * Courier pick-up availability (SPEC §5, §7): GET /api/courier_pick_up/availability and its public
 * twin. The order rules ask the same service (orders/rule-context.ts).
 */
const courierPlugin: FastifyPluginAsync<CourierModuleOptions> = async (app, { courier }) => {
  await registerTwinRoutes(app, courierRoutes, { service: courier });
};

export const courierModule = apiModule(courierPlugin, { name: 'courier' });
