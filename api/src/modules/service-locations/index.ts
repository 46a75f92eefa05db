import type { FastifyPluginAsync } from 'fastify';
import { requireAuthentication } from '../../auth';
import type { Database } from '../../db';
import { registerTwinRoutes } from '../../http/twin-routes';
import { LocationAdministration } from './admin';
import { adminLocationRoutes } from './admin-routes';
import { onLocationsImported } from './importer';
import { serviceLocationCacheRoutes, serviceLocationRoutes } from './routes';
import { scheduleLocationSync, syncSettingsFromEnv } from './scheduled-sync';
import { seedServiceLocations } from './seed';
import { type MapTiles, ServiceLocationService } from './service';

/**
 * Post offices and parcel lockers (SPEC §7, issue 7): seeded from data/locations.json on first
 * start, reloaded with `npm run locations:import`, read through GET /api/service_locations (+ public
 * twin) and the map's compact /service_locations/markers, both answered from the in-memory location
 * cache (service.ts); update_cache, every import and every change in the back office
 * (`/api/admin/service_locations`, admin.ts) clear it.
 */
export const serviceLocationsModule: FastifyPluginAsync<{ db: Database; tiles?: MapTiles }> = async (
  app,
  { db, tiles },
) => {
  await seedServiceLocations(db.orm);
  const service = new ServiceLocationService(db.orm, Date.now, tiles);
  // A reload in this process shows at once; one by another process within LOCATIONS_REVALIDATE_MS.
  const unsubscribe = onLocationsImported(() => service.clearCache());
  const administration = new LocationAdministration(db.orm, () => service.clearCache());
  // The operator's scheduled sync from its service-location endpoint (LOCATIONS_SYNC_URL).
  const sync = syncSettingsFromEnv();
  const stopSync = sync ? scheduleLocationSync(db.orm, sync, app.log) : () => undefined;
  app.addHook('onClose', async () => {
    unsubscribe();
    stopSync();
  });
  await registerTwinRoutes(app, serviceLocationRoutes, { service });
  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(serviceLocationCacheRoutes, { service });
      // Under /api/admin: the identity module's guard admits administrators only.
      await authenticated.register(adminLocationRoutes, { administration });
    },
    { prefix: '/api' },
  );
};
