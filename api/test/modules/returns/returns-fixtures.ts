import { accounts } from '../../../src/modules/identity/schema';
import { ReturnService } from '../../../src/modules/returns/service';
import { WorkflowCatalogue } from '../../../src/modules/workflows';
import type { TestApp } from '../../helpers';
import type { Headers, requester } from '../orders/order-fixtures';

// What the returns' API tests share: callers acting for an account, users and company accounts.

type Request = ReturnType<typeof requester>;

/** The caller acting for this account (the portal's `x-account-id`). */
export const asAccount = (headers: Headers, account: number): Headers => ({
  ...headers,
  'x-account-id': String(account),
});

/** The signed-in user's id (made on first sign-in). */
export async function userIdOf(request: Request, headers: Headers): Promise<number> {
  return (await request('POST', '/api/my-user', headers)).body.id as number;
}

/** A company account written straight to the database (no registration flow needed here). */
export async function companyAccount(testApp: TestApp, name: string): Promise<number> {
  const [row] = await testApp.db.orm
    .insert(accounts)
    .values({ type: 'company', email: `${name}@company.test`, companyName: name, contractNumber: 'C-1' })
    .returning();
  return row?.id ?? 0;
}

/**
 * The app's returns service, but with a products' catalogue whose snapshot is always older than its
 * TTL, so that every read of it reloads through the database client: what reads it inside a label's
 * transaction would wait for that transaction on PGlite's one connection (refused by the client's guard).
 */
export function returnServiceWithReloadingCatalogue(testApp: TestApp): ReturnService {
  const { identity, prices, labelPlaces } = testApp.app.services;
  return new ReturnService({
    orm: testApp.db.orm,
    identity,
    catalogue: new WorkflowCatalogue(testApp.db.orm, 0),
    prices,
    labelPlaces,
    now: () => new Date(),
  });
}
