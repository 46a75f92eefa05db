/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { type Database, runExclusively } from '../../src/db';
import { heldPass } from '../held-pass';
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

it('skips a pass of a job another pass is running, runs other jobs beside it, and runs it again once free', async () => {
  const first = heldPass<string>();
  const running = runExclusively(db, 'tracking-emails', first.pass);
  // Once the first pass runs it holds the job (on PostgreSQL its advisory lock): a fixed wait here
  // was too short in a CI run on a busy machine, and the second pass took the lock first.
  await first.begun;

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
