// Run by closed-app.test.ts in a process of its own, with --expose-gc: starts an app on a copy of
// the migrated template (PORTAL_TEST_TEMPLATES, inherited), has it answer a scrape of its metrics,
// closes it, and prints how many of the closed apps and their databases were garbage-collected.
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestApp } from '../helpers';

async function startScrapeAndClose(): Promise<WeakRef<object>[]> {
  const testApp = await startTestApp({ modules: ['health'] });
  const scrape = await testApp.app.inject({ method: 'GET', url: '/metrics' });
  if (scrape.statusCode !== 200 || !scrape.body.includes('nodejs_gc_duration_seconds')) {
    throw new Error(`the scrape answered ${scrape.statusCode}`);
  }
  await testApp.close();
  return [new WeakRef(testApp.app), new WeakRef(testApp.db)];
}

const closed = [...(await startScrapeAndClose()), ...(await startScrapeAndClose())];
const collect = globalThis.gc;
if (!collect) throw new Error('run with --expose-gc');
// A closed app's last callbacks (its server's close, PGlite's) end within a few turns of the event
// loop (5 s at most allowed, for a loaded machine); a kept one stays however long one waits. Each
// collection comes in a turn after the last `deref()`: a WeakRef keeps its object until the end of
// the turn that made or read it.
for (let turn = 0; turn < 100; turn++) {
  await sleep(50);
  collect();
  if (closed.every((ref) => ref.deref() === undefined)) break;
}
console.log(JSON.stringify({ closed: closed.length, collected: closed.filter((ref) => !ref.deref()).length }));
