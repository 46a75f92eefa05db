import type { Orm } from '../../db';
import type { ScheduledJob } from '../jobs';
import {
  type EndpointSourceOptions,
  LATVIJAS_PASTS_ENDPOINT,
  locationsFromEndpoint,
  parseTypeMapping,
} from './endpoint-source';
import { type ImportReport, importLocations, LocationImportError } from './importer';

/**
 * The operator's scheduled sync inside the API (issue 21): on PGlite only one process may open the
 * data folder, so `npm run locations:import -- --url` cannot run beside the portal; the API itself
 * reads the endpoint once per LOCATIONS_SYNC_INTERVAL_MINUTES (one instance per interval, issue 35).
 *
 * LOCATIONS_SYNC_URL            the endpoint (unset: no sync)
 * LOCATIONS_SYNC_INTERVAL_MINUTES  default 1440 (daily), at least 5
 * LOCATIONS_SYNC_TYPES          e.g. `2=parcelLocker,3=skip` (as --type)
 * LOCATIONS_SYNC_OPERATOR, LOCATIONS_SYNC_COUNTRY, LOCATIONS_SYNC_PREFIX  default Latvijas Pasts, LV, lvpasts
 */
export interface SyncSettings {
  url: string;
  intervalMs: number;
  source: Omit<EndpointSourceOptions, 'fetch'>;
}

const DEFAULT_INTERVAL_MINUTES = 24 * 60;
const MIN_INTERVAL_MINUTES = 5;

/** The settings from the environment, or null when no sync is configured; throws on a bad value. */
export function syncSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): SyncSettings | null {
  const url = env.LOCATIONS_SYNC_URL?.trim();
  if (!url) return null;
  if (!/^https?:\/\//.test(url)) throw new Error(`LOCATIONS_SYNC_URL should be an http(s) URL, not "${url}".`);
  const minutes = Number(env.LOCATIONS_SYNC_INTERVAL_MINUTES ?? DEFAULT_INTERVAL_MINUTES);
  if (!Number.isFinite(minutes) || minutes < MIN_INTERVAL_MINUTES) {
    throw new Error(`LOCATIONS_SYNC_INTERVAL_MINUTES should be a number of minutes, ${MIN_INTERVAL_MINUTES} or more.`);
  }
  const types = (env.LOCATIONS_SYNC_TYPES ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  return {
    url,
    intervalMs: minutes * 60_000,
    source: {
      operator: env.LOCATIONS_SYNC_OPERATOR ?? LATVIJAS_PASTS_ENDPOINT.operator,
      countryCode: (env.LOCATIONS_SYNC_COUNTRY ?? LATVIJAS_PASTS_ENDPOINT.countryCode).toUpperCase(),
      idPrefix: env.LOCATIONS_SYNC_PREFIX ?? LATVIJAS_PASTS_ENDPOINT.idPrefix,
      types: parseTypeMapping(types),
    },
  };
}

export interface SyncLog {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  debug: (object: object, message: string) => void;
}

/** One sync: read the endpoint, import its places (partial: only its own source retires). */
export async function syncLocations(orm: Orm, settings: SyncSettings): Promise<ImportReport> {
  const records = await locationsFromEndpoint(settings.url, settings.source);
  return importLocations(orm, records, { scope: 'partial' });
}

/**
 * The sync as a scheduled job (modules/jobs): once per interval for the whole deployment, and never
 * twice at once when a pass outlasts its interval (the scheduler's slots on the job engine). A
 * failure is logged and changes nothing (the next slot tries again).
 */
export function locationSyncJob(orm: Orm, settings: SyncSettings, log: SyncLog): ScheduledJob {
  return {
    name: 'service-locations-sync',
    intervalMs: settings.intervalMs,
    pass: async () => {
      try {
        const report = await syncLocations(orm, settings);
        log.info({ url: settings.url, ...report }, 'locations synced');
        return report;
      } catch (error) {
        log.warn(
          { url: settings.url, problems: error instanceof LocationImportError ? error.problems : [String(error)] },
          'locations sync failed; nothing was changed',
        );
        throw error;
      }
    },
  };
}
