import type { FastifyPluginAsync } from 'fastify';
import { requireAuthentication } from '../../auth';
import type { CacheIndex } from '../../cache-index';
import type { Database } from '../../db';
import { apiModule } from '../../http/api-module';
import { registerTwinRoutes } from '../../http/twin-routes';
import type { JobScheduler } from '../jobs';
import { LocationAdministration } from './admin';
import { adminLocationRoutes } from './admin-routes';
import { locationImportRoutes } from './import-routes';
import { onLocationsImported } from './importer';
import { placeRoutes } from './place-routes';
import { serviceLocationCacheRoutes, serviceLocationRoutes } from './routes';
import { locationSyncJob, syncSettingsFromEnv } from './scheduled-sync';
import { type MapTiles, ServiceLocationService } from './service';

// What other modules ask of locations: answers, never the table (issue 37).
export { type LocationSummary, locationsByIds } from './lookups';
export { seedServiceLocations } from './seed';

/**
 * Post offices and parcel lockers (SPEC §7, issue 7): seeded from data/locations.json on first
 * start, reloaded with `npm run locations:import`, read through GET /api/service_locations (+ public
 * twin) and the map's compact /service_locations/markers, both answered from the in-memory location
 * cache (service.ts); update_cache, every import and every change in the back office
 * (`/api/admin/service_locations`, admin.ts) clear it.
 */
const serviceLocationsPlugin: FastifyPluginAsync<{
  db: Database;
  tiles?: MapTiles;
  caches?: CacheIndex;
  /** The deployment's scheduled jobs (modules/jobs): the sync runs once per interval across the instances. */
  jobs?: JobScheduler;
}> = async (app, { db, tiles, caches, jobs }) => {
  const service = new ServiceLocationService(db.orm, Date.now, tiles);
  // The back office's cache index clears the same snapshot as update_cache.
  caches?.register('service_locations', () => service.clearCache());
  // A reload in this process shows at once; one by another process within LOCATIONS_REVALIDATE_MS.
  const unsubscribe = onLocationsImported(() => service.clearCache());
  const administration = new LocationAdministration(db.orm, () => service.clearCache());
  // The operator's scheduled sync from its service-location endpoint (LOCATIONS_SYNC_URL).
  const sync = syncSettingsFromEnv();
  if (sync) jobs?.add(locationSyncJob(db.orm, sync, app.log));
  app.addHook('onClose', async () => {
    unsubscribe();
    caches?.unregister('service_locations');
  });
  await registerTwinRoutes(app, serviceLocationRoutes, { service });
  // The gazetteer: where the map moves for a place without a post office or locker (issue 40).
  await registerTwinRoutes(app, placeRoutes, {});
  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', requireAuthentication);
      await authenticated.register(serviceLocationCacheRoutes, { service });
      // Under /api/admin: the identity module's guard admits product managers and administrators.
      await authenticated.register(adminLocationRoutes, { administration });
      await authenticated.register(locationImportRoutes, { orm: db.orm });
    },
    { prefix: '/api' },
  );
};

export const serviceLocationsModule = apiModule(serviceLocationsPlugin, { name: 'service-locations' });
