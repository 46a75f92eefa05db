import type { FastifyInstance } from 'fastify';
import { CacheIndex } from '../cache-index';
import type { Config } from '../config';
import type { Database } from '../db';
import { JobEngine, JobScheduler } from '../modules/jobs';
import { scheduleHousekeeping } from '../scheduled-jobs';
import { type FileStorage, fileStorageFromSettings, S3FileStorage } from '../storage';
import type { Services } from './services';

/**
 * Scheduled work once per interval for the whole deployment, on the job engine (modules/jobs):
 * modules add their jobs as they register; the checks start once the app is ready and stop when it
 * closes.
 */
export function startJobs(
  app: FastifyInstance,
  db: Database,
  jobEngine: JobEngine,
  config: Config,
  now?: () => Date,
): JobScheduler {
  const jobs = new JobScheduler(jobEngine, {
    log: app.log,
    historyDays: config.retention.jobHistoryDays,
    ...(now ? { now } : {}),
  });
  app.decorate('jobs', jobs);
  scheduleHousekeeping(jobs, db, config, now);
  if (config.jobs.enabled) app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  return jobs;
}

/**
 * The one job engine (modules/jobs): producers write jobs in their transactions, modules handle
 * their kinds; this instance works them unless JOBS=off (the tests drain them themselves).
 */
export async function startJobEngine(app: FastifyInstance, db: Database, config: Config): Promise<JobEngine> {
  const jobEngine = await JobEngine.open(db, { log: app.log, supervise: config.jobs.enabled });
  app.decorate('jobEngine', jobEngine);
  if (config.jobs.enabled) app.addHook('onReady', async () => jobEngine.work());
  app.addHook('onClose', async () => jobEngine.stop());
  return jobEngine;
}

/**
 * Another API instance on this database changed what a cache holds: drop this instance's copy. The
 * shared services' resources close with the app.
 */
export async function listenToOtherInstances(app: FastifyInstance, services: Services): Promise<void> {
  await services.notices.start((topic) => {
    const cache = CacheIndex.cacheOf(topic);
    if (cache) services.caches.clearLocally(cache);
  });
  app.addHook('onClose', () => services.notices.close());
  app.addHook('onClose', () => services.workbooks.close());
}

/** The uploads' storage: the one given (tests), or the configuration's, closed with the app when it is S3. */
export function fileStorageOf(app: FastifyInstance, given: FileStorage | undefined, config: Config): FileStorage {
  if (given) return given;
  const storage = fileStorageFromSettings(config.storage);
  if (storage instanceof S3FileStorage) app.addHook('onClose', async () => storage.close());
  return storage;
}
