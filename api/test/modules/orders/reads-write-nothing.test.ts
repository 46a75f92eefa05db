/**
 * @jest-environment ./api/test/pglite-environment.cjs
 */
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../helpers';
import { completed, requester, verifiedUser, workflowId } from './order-fixtures';

// Issue 22, "the caller, once": reading the user (GET /api/my-user), an order, the list, an account
// or the admin guard's check writes nothing — no user is provisioned by a read (only POST
// /api/my-user provisions), no row changes. The whole database's content
// is compared before and after (row text of every table, so an updated timestamp shows too).

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
}, 60_000);
afterAll(() => testApp?.close());

const request = requester(() => testApp);

/** One digest per table of the public schema: its row count and the text of all its rows. */
async function databaseContent(): Promise<Record<string, string>> {
  const tables = (await testApp.db.orm.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { rows: { tablename: string }[] };
  const content: Record<string, string> = {};
  for (const { tablename } of tables.rows) {
    const digest = (await testApp.db.orm.execute(
      sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as digest
               from "${tablename}" t`),
    )) as unknown as { rows: { digest: string }[] };
    content[tablename] = digest.rows[0]?.digest ?? '';
  }
  return content;
}

it('a read of the user, an order, the list and an account writes nothing, for a member or a stranger', async () => {
  const owner = verifiedUser('reader-owner');
  const account = await request('POST', '/api/accounts', owner, { type: 'private' });
  expect(account.status).toBe(201);
  const parcel = await workflowId(testApp, 'parcel-lv-post-office-registered');
  const created = await request('POST', '/api/orders', owner, completed(parcel));
  expect(created.status).toBe(201);
  const orderIri = created.body['@id'] as string;

  const before = await databaseContent();
  expect(Object.keys(before).length).toBeGreaterThan(10);

  // The owner reads their user, their order, the list and their account.
  expect((await request('GET', '/api/my-user', owner)).status).toBe(200);
  expect((await request('GET', orderIri, owner)).status).toBe(200);
  expect((await request('GET', '/api/orders', owner)).status).toBe(200);
  expect((await request('GET', `/api/accounts/${account.body.id}`, owner)).status).toBe(200);
  // Someone the portal has never seen reads the same: the uniform 404s, and no user is made for them.
  const stranger = verifiedUser('reader-stranger');
  const notProvisioned = await request('GET', '/api/my-user', stranger);
  expect([notProvisioned.status, notProvisioned.body.violations?.[0]?.code]).toEqual([404, 'USER_NOT_PROVISIONED']);
  expect((await request('GET', orderIri, stranger)).status).toBe(404);
  expect((await request('GET', `/api/accounts/${account.body.id}`, stranger)).status).toBe(404);
  expect((await request('GET', '/api/admin/tariffs', stranger)).status).toBe(403);
  expect((await request('GET', '/api/contacts', stranger)).status).toBe(422);
  expect((await request('GET', '/api/complaints', stranger)).status).toBe(200);

  expect(await databaseContent()).toEqual(before);
});

it('POST /api/my-user is the one call that provisions, and provisions once', async () => {
  const newcomer = verifiedUser('reader-newcomer');
  const before = await databaseContent();
  const first = await request('POST', '/api/my-user', newcomer);
  expect(first.status).toBe(200);
  const afterFirst = await databaseContent();
  // Exactly one table changed: users, by one row.
  const changed = Object.keys(afterFirst).filter((table) => afterFirst[table] !== before[table]);
  expect(changed).toEqual(['users']);
  expect(Number(afterFirst.users?.split(':')[0])).toBe(Number(before.users?.split(':')[0]) + 1);
  // The second POST finds the same user and changes nothing (the same claims).
  const second = await request('POST', '/api/my-user', newcomer);
  expect(second.body.id).toBe(first.body.id);
  expect(await databaseContent()).toEqual(afterFirst);
});
