import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Principal } from '../../auth';
import type { Orm } from '../../db';
import { accounts, companyApplications, userAccounts, users } from '../../db/schema';
import { ApiError, invalidInput, notFound } from '../../http/problem';
import { type Contact, type ContactInput, ONE_PRIVATE_ACCOUNT, toContact } from './model';

export type UserRow = typeof users.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;

export const ROLE_MAIN_ADMIN = 'MAIN_ADMIN';
export const ROLE_USER = 'USER';
export const ACCESS_DENIED = 'Access Denied.';

export interface AccountView {
  id: number;
  type: string;
  email: string | null;
  isActive: boolean;
  companyName: string | null;
  companyRegNr: string | null;
  contact: Contact & { company: boolean };
  userAccounts: { id: number; role: string; ownerUser: { id: number; email: string | null } }[];
}

export interface UserView {
  user: UserRow;
  identityVerified: boolean;
  userAccounts: { id: number; role: string; account: AccountView }[];
}

const METHOD_NAMES: Record<string, string> = { pwd: 'password', smartid: 'smartid', eparaksts: 'eparaksts' };

/** Users, their accounts and the links between them (SPEC §3, §4 User loading, §6). */
export class IdentityService {
  constructor(private readonly orm: Orm) {}

  /** The caller's user, created on the first call from the token's claims; sign-in methods accumulate. */
  async provision(principal: Principal): Promise<UserRow> {
    const methods = principal.authMethods.map((method) => METHOD_NAMES[method] ?? method);
    const [row] = await this.orm
      .insert(users)
      .values({
        subject: principal.subject,
        email: principal.email,
        firstName: principal.givenName,
        lastName: principal.familyName,
        authMethods: methods,
      })
      .onConflictDoUpdate({
        target: users.subject,
        set: {
          email: sql`coalesce(excluded.email, ${users.email})`,
          authMethods: sql`array(select distinct unnest(${users.authMethods} || excluded.auth_methods) order by 1)`,
        },
      })
      .returning();
    if (!row) throw new Error('user provisioning returned no row');
    return row;
  }

  async myUser(principal: Principal): Promise<UserView> {
    const user = await this.provision(principal);
    const links = await this.orm
      .select()
      .from(userAccounts)
      .where(eq(userAccounts.userId, user.id))
      .orderBy(asc(userAccounts.id));
    const views = await this.accountViews(links.map((link) => link.accountId));
    return {
      user,
      identityVerified: principal.identityVerified,
      userAccounts: links.flatMap((link) => {
        const account = views.get(link.accountId);
        return account ? [{ id: link.id, role: link.role, account }] : [];
      }),
    };
  }

  async updateUser(
    principal: Principal,
    id: number,
    patch: { firstName?: string; lastName?: string },
  ): Promise<UserView> {
    const caller = await this.provision(principal);
    if (caller.id !== id) throw notFound('User not found.');
    if (patch.firstName !== undefined || patch.lastName !== undefined) {
      await this.orm.update(users).set(patch).where(eq(users.id, id));
    }
    return this.myUser(principal);
  }

  async getAccount(principal: Principal, id: number): Promise<AccountView> {
    const caller = await this.provision(principal);
    await this.membership(caller, id);
    return this.accountView(id);
  }

  async updateAccount(
    principal: Principal,
    id: number,
    patch: { email?: string | null; contact?: ContactInput },
  ): Promise<AccountView> {
    const caller = await this.provision(principal);
    await this.membership(caller, id);
    const [current] = await this.orm.select().from(accounts).where(eq(accounts.id, id));
    if (!current) throw notFound('Account not found.');
    const contact = patch.contact ? { ...toContact(current.contact), ...withoutUndefined(patch.contact) } : undefined;
    await this.orm
      .update(accounts)
      .set({ ...(patch.email !== undefined ? { email: patch.email } : {}), ...(contact ? { contact } : {}) })
      .where(eq(accounts.id, id));
    return this.accountView(id);
  }

  /** Only the account's main administrator deletes it; the links go with it. */
  async deleteAccount(principal: Principal, id: number): Promise<void> {
    const caller = await this.provision(principal);
    const link = await this.membership(caller, id);
    if (link.role !== ROLE_MAIN_ADMIN) throw new ApiError(403, ACCESS_DENIED);
    await this.orm.delete(accounts).where(eq(accounts.id, id));
  }

  /** A private account for the caller (SPEC §4 User loading); only one per user (SPEC §5). */
  async createPrivateAccount(principal: Principal, email: string | null | undefined): Promise<AccountView> {
    const caller = await this.provision(principal);
    const accountId = await this.orm.transaction(async (tx) => {
      // Serialises concurrent creations for one user (two tabs signing in at once).
      await tx.execute(sql`select id from users where id = ${caller.id} for update`);
      const existing = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .innerJoin(userAccounts, eq(userAccounts.accountId, accounts.id))
        .where(and(eq(userAccounts.userId, caller.id), eq(accounts.type, 'private')));
      if (existing.length > 0) {
        throw invalidInput(422, [{ propertyPath: 'type', message: ONE_PRIVATE_ACCOUNT, code: 'ONE_PRIVATE_ACCOUNT' }]);
      }
      const [account] = await tx
        .insert(accounts)
        .values({ type: 'private', email: email ?? caller.email, contact: toContact({}) })
        .returning({ id: accounts.id });
      if (!account) throw new Error('account insert returned no row');
      await tx.insert(userAccounts).values({ userId: caller.id, accountId: account.id, role: ROLE_MAIN_ADMIN });
      return account.id;
    });
    return this.accountView(accountId);
  }

  async applyForCompany(principal: Principal, application: Omit<typeof companyApplications.$inferInsert, 'userId'>) {
    const caller = await this.provision(principal);
    const [row] = await this.orm
      .insert(companyApplications)
      .values({ ...application, userId: caller.id })
      .returning();
    if (!row) throw new Error('application insert returned no row');
    return row;
  }

  async isAdmin(principal: Principal): Promise<boolean> {
    return (await this.provision(principal)).isAdmin;
  }

  private async membership(caller: UserRow, accountId: number) {
    const [link] = await this.orm
      .select()
      .from(userAccounts)
      .where(and(eq(userAccounts.userId, caller.id), eq(userAccounts.accountId, accountId)));
    if (link) return link;
    // The same 404 whether the account does not exist or is someone else's: no answer tells which
    // ids exist (issue 19).
    throw notFound('Account not found.');
  }

  private async accountView(id: number): Promise<AccountView> {
    const view = (await this.accountViews([id])).get(id);
    if (!view) throw notFound('Account not found.');
    return view;
  }

  private async accountViews(ids: number[]): Promise<Map<number, AccountView>> {
    if (ids.length === 0) return new Map();
    const rows = await this.orm.select().from(accounts).where(inArray(accounts.id, ids));
    const links = await this.orm
      .select({
        id: userAccounts.id,
        role: userAccounts.role,
        accountId: userAccounts.accountId,
        userId: users.id,
        email: users.email,
      })
      .from(userAccounts)
      .innerJoin(users, eq(users.id, userAccounts.userId))
      .where(inArray(userAccounts.accountId, ids))
      .orderBy(asc(userAccounts.id));
    return new Map(
      rows.map((row: AccountRow) => [
        row.id,
        {
          id: row.id,
          type: row.type,
          email: row.email,
          isActive: row.isActive,
          companyName: row.companyName,
          companyRegNr: row.companyRegNr,
          contact: { ...toContact(row.contact), company: row.type === 'company' },
          userAccounts: links
            .filter((link) => link.accountId === row.id)
            .map((link) => ({ id: link.id, role: link.role, ownerUser: { id: link.userId, email: link.email } })),
        },
      ]),
    );
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}
