/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { loadConfig } from '../../../src/config';
import { checkEveryMs, runIdOf, slotOf } from '../../../src/modules/jobs';
import { heldPass } from '../../held-pass';
import { drainJobs, startTestApp, type TestApp } from '../../helpers';
import { testConfigSettings } from '../../templates/templates';

// Issues 35 and 37: scheduled work runs once per interval for the whole deployment, on the job
// engine. Two API instances on one database (PGlite, or PostgreSQL with DATABASE_URL), each with its
// own engine (pg-boss) and scheduler, the second started 30 s after the first, each checking on its
// own timer: the test plays their timers on one clock it moves and runs each instance's jobs with
// drainJobs after its check (no real waiting), and every slot ran exactly once.

const INTERVAL_MS = 60_000;
const START = Date.parse('2032-05-01T10:00:07Z');
let clock = START;
const now = () => new Date(clock);

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  // JOBS=off: no timers of their own; the test plays each instance's timer with `check`.
  const config = loadConfig({ ...testConfigSettings(), JOBS: 'off' });
  first = await startTestApp({ config, now });
  second = await startTestApp({ config, now, sharing: first });
}, 120_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** The same job added to both instances (as every instance's modules add theirs); its runs, by instance. */
function onBoth(name: string, pass: (by: TestApp, slot: Date) => Promise<unknown>, intervalMs = INTERVAL_MS) {
  for (const app of [first, second]) app.app.jobs.add({ name, intervalMs, pass: ({ slot }) => pass(app, slot) });
}

it('runs a job once per slot across two instances started 30 s apart', async () => {
  const runs: { slot: string; by: TestApp }[] = [];
  onBoth('counted', async (by, slot) => {
    runs.push({ slot: slot.toISOString(), by });
  });
  const every = checkEveryMs(INTERVAL_MS);
  // Each instance checks when it starts and then every `every` ms of its own timer.
  const checks: { at: number; app: TestApp }[] = [];
  const end = START + 10 * INTERVAL_MS;
  for (let at = START; at < end; at += every) checks.push({ at, app: first });
  for (let at = START + 30_000; at < end; at += every) checks.push({ at, app: second });
  checks.sort((a, b) => a.at - b.at);

  let queued = 0;
  for (const check of checks) {
    clock = check.at;
    const done = await check.app.app.jobs.check();
    queued += done.filter((slotCheck) => slotCheck.job === 'counted' && slotCheck.queued).length;
    await drainJobs(check.app);
  }
  const slots = [...new Set(checks.map((check) => slotOf(new Date(check.at), INTERVAL_MS).toISOString()))];
  // Ten minutes from 10:00:07: the slots of 10:00 to 10:10.
  expect(slots).toHaveLength(11);
  expect(runs.map((run) => run.slot)).toEqual(slots);
  expect(queued).toBe(slots.length);
  // Both instances took part: the first ran the slots it checked first, the second none it was late for.
  expect(runs.every((run) => run.by === first || run.by === second)).toBe(true);
  // Each slot's run is one job of the engine, with the id both instances make of name and slot.
  const jobs = await first.app.jobEngine.jobsOf('scheduled.counted');
  expect(jobs.map((job) => job.id).sort()).toEqual(slots.map((slot) => runIdOf('counted', new Date(slot))).sort());
  expect(jobs.every((job) => job.state === 'completed')).toBe(true);
});

it('two instances checking and working at the same moment run the slot once', async () => {
  let runs = 0;
  onBoth('together', async () => {
    runs++;
  });
  clock = START + 100 * INTERVAL_MS;
  const checks = (await Promise.all([first.app.jobs.check(), second.app.jobs.check()]))
    .flat()
    .filter((check) => check.job === 'together');
  expect(checks.map((check) => check.queued).sort()).toEqual([false, true]);
  await Promise.all([drainJobs(first), drainJobs(second)]);
  expect(runs).toBe(1);
});

it('a failed pass spends its slot and the next slot tries again', async () => {
  let calls = 0;
  onBoth(
    'flaky',
    async () => {
      calls++;
      if (calls === 1) throw new Error('the first pass fails');
    },
    1000,
  );
  clock = Date.parse('2033-01-01T00:00:00Z');
  expect((await first.app.jobs.check()).find((check) => check.job === 'flaky')?.queued).toBe(true);
  await drainJobs(first);
  expect(calls).toBe(1);
  // The same slot again, on either instance: spent, nothing is queued; draining (even the delayed) runs nothing.
  expect((await second.app.jobs.check()).find((check) => check.job === 'flaky')?.queued).toBe(false);
  await drainJobs(second, { includeDelayed: true });
  expect(calls).toBe(1);
  clock += 1000;
  expect((await second.app.jobs.check()).find((check) => check.job === 'flaky')?.queued).toBe(true);
  await drainJobs(second);
  expect(calls).toBe(2);
});

it('never runs a job twice at once: a slot that comes while a pass still runs is skipped', async () => {
  const held = heldPass();
  let calls = 0;
  onBoth('slow', async () => {
    calls++;
    if (calls === 1) await held.pass();
  });
  clock = Date.parse('2034-01-01T00:00:00Z');
  expect((await first.app.jobs.check()).find((check) => check.job === 'slow')?.queued).toBe(true);
  const running = drainJobs(first);
  await held.begun;
  // The next slot comes while the first instance's pass still runs: the other instance skips it.
  clock += INTERVAL_MS;
  expect((await second.app.jobs.check()).find((check) => check.job === 'slow')?.queued).toBe(false);
  await drainJobs(second);
  expect(calls).toBe(1);
  held.finish();
  await running;
  // Once it has ended, the following slot runs.
  clock += INTERVAL_MS;
  expect((await second.app.jobs.check()).find((check) => check.job === 'slow')?.queued).toBe(true);
  await drainJobs(second);
  expect(calls).toBe(2);
});
