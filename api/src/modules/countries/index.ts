import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';
import { registerTwinRoutes } from '../../http/twin-routes';
import { countryRoutes } from './routes';
import { CountryService } from './service';

/** Countries (SPEC §3, §7): seeded on first start, read through GET /api/countries and its public twin. */
// Tables other modules read in their own queries (issue 22: they reach them through this front door).
export { countries } from './schema';
export { seedCountries } from './seed';

export const countriesModule: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  await registerTwinRoutes(app, countryRoutes, { service: new CountryService(db.orm) });
};
