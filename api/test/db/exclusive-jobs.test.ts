/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { type Database, runExclusively } from '../../src/db';
import { openTestDatabase } from '../helpers';

// Issue 17: a scheduled job's pass runs in one API instance at a time. On PostgreSQL the passes
// below hold session advisory locks on two connections of the pool, as two instances would.
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});

function heldPass() {
  let finish: (value: string) => void = () => {};
  const started = new Promise<string>((resolve) => {
    finish = resolve;
  });
  return { pass: () => started, finish: (value: string) => finish(value) };
}

it('skips a pass of a job another pass is running, runs other jobs beside it, and runs it again once free', async () => {
  const first = heldPass();
  const running = runExclusively(db, 'tracking-emails', first.pass);
  // The first pass has its lock once it is waiting for `finish`; give it that turn.
  await new Promise((resolve) => setTimeout(resolve, 50));

  let secondRan = false;
  expect(
    await runExclusively(db, 'tracking-emails', async () => {
      secondRan = true;
    }),
  ).toEqual({ ran: false });
  expect(secondRan).toBe(false);
  expect(await runExclusively(db, 'ebay-sync', async () => 'other job')).toEqual({ ran: true, result: 'other job' });

  first.finish('first pass');
  expect(await running).toEqual({ ran: true, result: 'first pass' });
  expect(await runExclusively(db, 'tracking-emails', async () => 'next turn')).toEqual({
    ran: true,
    result: 'next turn',
  });
});

it('frees the job when a pass fails', async () => {
  await expect(
    runExclusively(db, 'failing-job', async () => {
      throw new Error('the pass failed');
    }),
  ).rejects.toThrow('the pass failed');
  expect(await runExclusively(db, 'failing-job', async () => 'ran again')).toEqual({ ran: true, result: 'ran again' });
});
