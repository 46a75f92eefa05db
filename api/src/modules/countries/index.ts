import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';
import { apiModule } from '../../http/api-module';
import { registerTwinRoutes } from '../../http/twin-routes';
import { countryRoutes } from './routes';
import { CountryService } from './service';

/** Countries (SPEC §3, §7): seeded on first start, read through GET /api/countries and its public twin. */
// What other modules ask of countries: answers, never the table (issue 37).
export { activeCountryCodes, countryExists, countryNames } from './lookups';
export { seedCountries } from './seed';

const countriesPlugin: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  await registerTwinRoutes(app, countryRoutes, { service: new CountryService(db.orm) });
};

export const countriesModule = apiModule(countriesPlugin, { name: 'countries' });
