/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../../src/config';
import { checkEveryMs, JobScheduler, slotOf } from '../../../src/modules/jobs';
import { jobRuns } from '../../../src/modules/jobs/schema';
import { openTestDatabase, startTestApp, type TestApp } from '../../helpers';
import { testConfigSettings } from '../../templates/templates';

// Issue 35 item 3: scheduled work runs once per interval for the whole deployment, whatever the
// instances' start times. Two API instances on one database (PGlite, or PostgreSQL with
// DATABASE_URL), the second started 30 s after the first, each checking on its own timer: the test
// plays their timers on one clock it moves (no real waiting), and every slot ran exactly once.

const INTERVAL_S = 60;
const START = Date.parse('2032-05-01T10:00:07Z');
let clock = START;
const now = () => new Date(clock);

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  // JOBS=off: no timer of their own; the test plays each instance's timer with `runDue`.
  const config = loadConfig({
    ...testConfigSettings(),
    JOBS: 'off',
    PSEUDONYMISE_INTERVAL_SECONDS: String(INTERVAL_S),
  });
  first = await startTestApp({ config, now });
  second = await startTestApp({ config, now, sharing: first });
}, 120_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
});

it('runs the pseudonymisation once per slot across two instances started 30 s apart', async () => {
  const every = checkEveryMs(INTERVAL_S * 1000);
  // Each instance checks when it starts and then every `every` ms of its own timer.
  const checks: { at: number; app: TestApp }[] = [];
  const end = START + 10 * INTERVAL_S * 1000;
  for (let at = START; at < end; at += every) checks.push({ at, app: first });
  for (let at = START + 30_000; at < end; at += every) checks.push({ at, app: second });
  checks.sort((a, b) => a.at - b.at);

  const ran: string[] = [];
  for (const check of checks) {
    clock = check.at;
    for (const turn of await check.app.app.jobs.runDue()) {
      if (turn.job === 'orders-pseudonymise' && turn.outcome === 'ran') ran.push(turn.slot.toISOString());
    }
  }
  const slots = [...new Set(checks.map((check) => slotOf(new Date(check.at), INTERVAL_S * 1000).toISOString()))];
  // Ten minutes from 10:00:07: the slots of 10:00 to 10:10.
  expect(slots).toHaveLength(11);
  expect(ran).toEqual(slots);

  const rows = await first.db.orm
    .select()
    .from(jobRuns)
    .where(eq(jobRuns.job, 'orders-pseudonymise'))
    .orderBy(jobRuns.slot);
  expect(rows).toHaveLength(slots.length);
  expect(rows.every((row) => row.outcome === 'ran')).toBe(true);
  // Each slot was taken by one of the two (whichever checked first after the slot began).
  expect(rows.every((row) => [first.app.jobs.instance, second.app.jobs.instance].includes(row.instance))).toBe(true);
});

it('two instances checking at the same moment run the slot once', async () => {
  clock = START + 100 * INTERVAL_S * 1000;
  const turns = (await Promise.all([first.app.jobs.runDue(), second.app.jobs.runDue()])).flat();
  const pseudonymise = turns.filter((turn) => turn.job === 'orders-pseudonymise');
  expect(pseudonymise.map((turn) => turn.outcome).sort()).toEqual(['ran', 'skipped']);
});

it('a failed pass spends its slot and the next slot tries again', async () => {
  const db = await openTestDatabase();
  try {
    let at = Date.parse('2033-01-01T00:00:00Z');
    const log = { info: () => undefined, warn: () => undefined, debug: () => undefined };
    const scheduler = new JobScheduler(db, { log, now: () => new Date(at) });
    let calls = 0;
    scheduler.add({
      name: 'flaky',
      intervalMs: 1000,
      pass: async () => {
        calls++;
        if (calls === 1) throw new Error('the first pass fails');
      },
    });
    expect((await scheduler.runDue()).map((turn) => turn.outcome)).toEqual(['failed']);
    expect((await scheduler.runDue()).map((turn) => turn.outcome)).toEqual(['skipped']);
    at += 1000;
    expect((await scheduler.runDue()).map((turn) => turn.outcome)).toEqual(['ran']);
    expect(calls).toBe(2);
  } finally {
    await db.close();
  }
});
