import { accounts } from '../../../src/modules/identity/schema';
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
