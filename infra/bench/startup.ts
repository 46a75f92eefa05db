// Issue 22's start-up figure: how long the API takes from opening its database to being ready,
// on one PGlite folder, three ways:
//   first development start  — empty database: every migration, then every seed
//   development start        — migrated and seeded: migrations checked, seeds re-checked (each
//                              seed looks for what is missing); the path every start took before
//                              issue 22
//   production start         — migrations only counted (refused if any is missing), no seeds
//                              (`npm run db:migrate` and `npm run db:seed` are deployment steps)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp, loadConfig, openDatabase } from '@portal/api';
import { loadAverage } from './gateway';

const ROUNDS = 5;

async function start(dataDir: string, production: boolean): Promise<number> {
  const started = performance.now();
  const db = await openDatabase({ dataDir, migrate: !production });
  const config = loadConfig({ PGLITE_DATA_DIR: dataDir, LOG_LEVEL: 'silent', TRACKING_SIMULATOR: 'off' });
  const app = await buildApp({ db, config, logger: false, seed: !production });
  await app.ready();
  const elapsed = performance.now() - started;
  await app.close();
  await db.close();
  return elapsed;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export async function benchStartup(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-startup-'));
  try {
    const first = await start(dir, false);
    const development: number[] = [];
    const production: number[] = [];
    // Alternating which goes first, so neither always follows the other's close.
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) {
        development.push(await start(dir, false));
        production.push(await start(dir, true));
      } else {
        production.push(await start(dir, true));
        development.push(await start(dir, false));
      }
    }
    console.log(`\nAPI start-up to ready on PGlite (median of ${ROUNDS}; ${loadAverage()})`);
    console.log(`  first development start (migrate + seed an empty database)  ${(first / 1000).toFixed(2)} s`);
    console.log(
      `  development start (migrations checked, seeds re-checked)    ${(median(development) / 1000).toFixed(2)} s`,
    );
    console.log(
      `  production start (migrations counted, no seeds)             ${(median(production) / 1000).toFixed(2)} s`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
