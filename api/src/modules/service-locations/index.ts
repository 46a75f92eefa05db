import type { FastifyPluginAsync } from 'fastify';
import { requireAuthentication } from '../../auth';
import type { Database } from '../../db';
import { registerTwinRoutes } from '../../http/twin-routes';
import { serviceLocationCacheRoutes, serviceLocationRoutes } from './routes';
import { seedServiceLocations } from './seed';
import { ServiceLocationService } from './service';

/**
 * Post offices and parcel lockers (SPEC §7, issue 7): seeded from data/locations.json on first
 * start, reloaded with `npm run locations:import`, read through GET /api/service_locations (+ public
 * twin) and the map's compact /service_locations/markers; update_cache clears the markers cache.
 */
export const serviceLocationsModule: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  await seedServiceLocations(db.orm);
  const service = new ServiceLocationService(db.orm);
  await registerTwinRoutes(app, serviceLocationRoutes, { service });
  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(serviceLocationCacheRoutes, { service });
    },
    { prefix: '/api' },
  );
};
