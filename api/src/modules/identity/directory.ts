import type { LabelFormat } from '@portal/shared-contracts/orders';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Orm } from '../../db';
import { accounts, userAccounts, users } from './schema';

// What other modules ask of users, accounts and who belongs to which (issue 37: a module's tables
// are its own; callers get answers, never the tables). `db` may be the caller's transaction.

/** The id of the user provisioned for this identity-provider subject, if any. */
export async function userIdOfSubject(db: Orm, subject: string): Promise<number | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.subject, subject));
  return user?.id;
}

/** The e-mail of each of these users that exists (null where the user gave none). */
export async function userEmails(db: Orm, userIds: readonly number[]): Promise<Map<number, string | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((row) => [row.id, row.email] as const));
}

/** Names and e-mails of these users, by id (who created an API key). */
export function userNames(
  db: Orm,
  userIds: readonly number[],
): Promise<{ id: number; email: string | null; firstName: string | null; lastName: string | null }[]> {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...userIds]))
    .orderBy(asc(users.id));
}

/**
 * Locks the account's row until the caller's transaction (`tx`) ends: creations limited per
 * account (API keys, webhook endpoints) are serialised on it, so two at once cannot pass a limit.
 */
export async function lockAccount(tx: Orm, accountId: number): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
}

export async function accountExists(db: Orm, accountId: number): Promise<boolean> {
  return (await accountTypeOf(db, accountId)) !== undefined;
}

/** `private` or `company`; undefined for an unknown account. */
export async function accountTypeOf(db: Orm, accountId: number): Promise<string | undefined> {
  const [account] = await db.select({ type: accounts.type }).from(accounts).where(eq(accounts.id, accountId));
  return account?.type;
}

/** The label format the account chose for its downloads (null: none chosen; unknown account too). */
export async function labelFormatOfAccount(db: Orm, accountId: number): Promise<LabelFormat | null> {
  const [row] = await db.select({ labelFormat: accounts.labelFormat }).from(accounts).where(eq(accounts.id, accountId));
  return row?.labelFormat ?? null;
}

/**
 * Where to e-mail about something of this account and user (an order's hand-over code): the
 * account's e-mail, else the user's; null when neither is known or has one.
 */
export async function emailOfAccountOrUser(
  db: Orm,
  { accountId, userId }: { accountId: number | null; userId: number | null },
): Promise<string | null> {
  if (accountId !== null) {
    const [account] = await db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, accountId));
    if (account?.email != null) return account.email;
  }
  if (userId === null) return null;
  return (await userEmails(db, [userId])).get(userId) ?? null;
}

/** How the back office names a client: the account's e-mail and company name, by account id. */
export async function accountClients(
  db: Orm,
  accountIds: readonly number[],
): Promise<Map<number, { email: string | null; companyName: string | null }>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, email: accounts.email, companyName: accounts.companyName })
    .from(accounts)
    .where(inArray(accounts.id, [...accountIds]));
  return new Map(rows.map(({ id, ...client }) => [id, client] as const));
}

/**
 * The back office's client search as a subquery of account ids: accounts whose e-mail or company
 * name contains `pattern` (a LIKE pattern, lower case). A view for the orders list's filter, which
 * stays one statement with its paging.
 */
export function accountsMatchingClient(db: Orm, pattern: string) {
  return db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`lower(${accounts.email}) like ${pattern} or lower(${accounts.companyName}) like ${pattern}`);
}

/** As `accountsMatchingClient`, for users: those whose e-mail contains `pattern`. */
export function usersMatchingEmail(db: Orm, pattern: string) {
  return db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) like ${pattern}`);
}

/** What notifications need of an order's account: its own e-mail and whether it refused e-notifications. */
export async function notificationPreferencesOfAccounts(
  db: Orm,
  accountIds: readonly number[],
): Promise<Map<number, { email: string | null; refusesENotifications: boolean }>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: accounts.id,
      email: accounts.email,
      refuses: sql<boolean>`coalesce(${accounts.contact}->>'eNotifications', '') = 'disagree'`,
    })
    .from(accounts)
    .where(inArray(accounts.id, [...accountIds]));
  return new Map(rows.map((row) => [row.id, { email: row.email, refusesENotifications: row.refuses }] as const));
}

/**
 * The active accounts of these types that did not refuse e-notifications, by id: the account's
 * e-mail (else its first main administrator's, else its first user's) and its phone as stored
 * (the announcements' addressees).
 */
export function reachableAccounts(
  db: Orm,
  types: readonly string[],
): Promise<{ accountId: number; email: string | null; phone: string | null; prefix: string | null }[]> {
  const userEmail = sql<string | null>`(
      select ${users.email} from ${userAccounts} join ${users} on ${users.id} = ${userAccounts.userId}
      where ${userAccounts.accountId} = ${accounts.id} and ${users.email} is not null
      order by (${userAccounts.role} = 'MAIN_ADMIN') desc, ${userAccounts.id} limit 1)`;
  return db
    .select({
      accountId: accounts.id,
      email: sql<string | null>`coalesce(nullif(${accounts.email}, ''), ${userEmail})`,
      phone: sql<string | null>`nullif(${accounts.contact}->>'phone', '')`,
      prefix: sql<string | null>`nullif(${accounts.contact}->>'phonePrefix', '')`,
    })
    .from(accounts)
    .where(
      and(
        eq(accounts.isActive, true),
        sql`${accounts.type} in (${sql.join(
          types.map((type) => sql`${type}`),
          sql`, `,
        )})`,
        sql`coalesce(${accounts.contact}->>'eNotifications', '') <> 'disagree'`,
      ),
    )
    .orderBy(asc(accounts.id));
}

export async function isMemberOf(db: Orm, userId: number, accountId: number): Promise<boolean> {
  const [link] = await db
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .where(and(eq(userAccounts.userId, userId), eq(userAccounts.accountId, accountId)));
  return link !== undefined;
}

/**
 * The user's first account (the one they joined first), or `within` if they are a member of it;
 * undefined when neither.
 */
export async function firstAccountOfUser(db: Orm, userId: number, within?: number): Promise<number | undefined> {
  const [row] = await db
    .select({ accountId: userAccounts.accountId })
    .from(userAccounts)
    .where(
      within === undefined
        ? eq(userAccounts.userId, userId)
        : and(eq(userAccounts.userId, userId), eq(userAccounts.accountId, within)),
    )
    .orderBy(userAccounts.id)
    .limit(1);
  return row?.accountId;
}

/** The types of the active accounts the user belongs to (which announcements reach them). */
export async function activeAccountTypesOfUser(db: Orm, userId: number): Promise<string[]> {
  const rows = await db
    .select({ type: accounts.type })
    .from(userAccounts)
    .innerJoin(accounts, eq(accounts.id, userAccounts.accountId))
    .where(and(eq(userAccounts.userId, userId), eq(accounts.isActive, true)));
  return rows.map((row) => row.type);
}
