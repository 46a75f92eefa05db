import type { Account } from '@portal/shared-contracts';
import {
  type AccountBranch,
  PHONE_CODE_CODES,
  PHONE_CODE_MESSAGES,
  ROLE_MAIN_ADMIN,
} from '@portal/shared-contracts/account';
import type { AdminRole } from '@portal/shared-contracts/admin';
import { SERVER_MESSAGES } from '@portal/shared-contracts/i18n/server-messages';
import { DEFAULT_LABEL_FORMAT, isLabelFormat, type LabelFormat } from '@portal/shared-contracts/orders';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Principal } from '../../auth';
import type { Orm } from '../../db';
import { ApiError, invalidInput, notFound } from '../../http/problem';
import type { EventPublisher, NewDomainEvent } from '../events';
import { type Contact, type ContactInput, ONE_PRIVATE_ACCOUNT, toContact } from './model';
import { accountBranches, accounts, companyApplications, userAccounts, users } from './schema';

export type UserRow = typeof users.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;

export { ROLE_MAIN_ADMIN, ROLE_USER } from '@portal/shared-contracts/account';
export const ACCESS_DENIED = SERVER_MESSAGES.FORBIDDEN[0].en;
export const USER_BLOCKED_MESSAGE = 'Your user is blocked. Contact customer support.';
export const PROFILE_DELETED_MESSAGE = 'This profile has been deleted.';
export const USER_NOT_PROVISIONED = 'USER_NOT_PROVISIONED';
export const USER_NOT_PROVISIONED_MESSAGE = 'No user has been provisioned for this sign-in: POST /api/my-user first.';

/** GET /api/my-user for a sign-in never provisioned: 404, with a code the client can tell apart. */
const userNotProvisioned = () =>
  new ApiError(404, USER_NOT_PROVISIONED_MESSAGE, [
    { propertyPath: '', message: USER_NOT_PROVISIONED_MESSAGE, code: USER_NOT_PROVISIONED },
  ]);

export interface AccountView {
  id: number;
  type: Account['type'];
  email: string | null;
  isActive: boolean;
  companyName: string | null;
  companyRegNr: string | null;
  contractNumber: string | null;
  separateInvoice: boolean;
  contact: Contact & { company: boolean };
  labelFormat: LabelFormat;
  userAccounts: {
    id: number;
    role: string;
    ownerUser: { id: number; email: string | null; firstName: string | null; lastName: string | null };
  }[];
  branches: AccountBranch[];
}

export interface UserView {
  user: UserRow;
  identityVerified: boolean;
  userAccounts: { id: number; role: string; account: AccountView }[];
}

const METHOD_NAMES: Record<string, string> = { pwd: 'password', smartid: 'smartid', eparaksts: 'eparaksts' };

/** Users, their accounts and the links between them (SPEC §3, §4 User loading, §6). */
export interface IdentityServiceOptions {
  /** Runs in the deletion's transaction before the account row goes (the orders module archives its orders). */
  onAccountDeleted?: (tx: Orm, accountId: number) => Promise<void>;
  /**
   * The domain events' outbox (modules/events): `account.deleted` (and `profile.deleted`) are
   * published in the deletion's transaction; who consumes them: composition/background.ts.
   */
  events?: EventPublisher;
}

export class IdentityService {
  constructor(
    private readonly orm: Orm,
    private readonly options: IdentityServiceOptions = {},
  ) {}

  /**
   * The caller's user, created from the token's claims if missing (POST /api/my-user after
   * sign-in, and the writes that record their author: a private account, a company application,
   * a complaint). Idempotent: the e-mail claim replaces the stored e-mail, the name claims fill a
   * name that is still empty (a name the person changed in the portal stays theirs), and sign-in
   * methods accumulate.
   */
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
          firstName: sql`coalesce(${users.firstName}, excluded.first_name)`,
          lastName: sql`coalesce(${users.lastName}, excluded.last_name)`,
          authMethods: sql`array(select distinct unnest(${users.authMethods} || excluded.auth_methods) order by 1)`,
        },
      })
      .returning();
    if (!row) throw new Error('user provisioning returned no row');
    return row;
  }

  /**
   * The caller's user if a sign-in recorded them, else undefined: what every read asks (issue 22:
   * a read never writes). Someone not yet recorded has no accounts, so no order, contact or
   * complaint is theirs.
   */
  async known(principal: Principal): Promise<UserRow | undefined> {
    const [row] = await this.orm.select().from(users).where(eq(users.subject, principal.subject));
    return row;
  }

  /**
   * `known`, and whether that user belongs to `accountId`: for a caller acting for an account (the
   * orders' access), where being no member is the caller's 403, not this module's 404.
   */
  async knownMember(principal: Principal, accountId: number): Promise<{ user: UserRow; member: boolean } | undefined> {
    const known = await this.knownWithLink(principal, accountId);
    return known && { user: known.user, member: known.role !== null };
  }

  /**
   * The user a sign-in recorded and their role in `accountId` (null: no member), in one statement:
   * every call made for an account asks both, and a round trip to the database is a good part of a
   * short call's cost (issue 18: a my-orders page was four statements).
   */
  private async knownWithLink(principal: Principal, accountId: number) {
    const [row] = await this.orm
      .select({ user: users, role: userAccounts.role })
      .from(users)
      .leftJoin(userAccounts, and(eq(userAccounts.userId, users.id), eq(userAccounts.accountId, accountId)))
      .where(eq(users.subject, principal.subject))
      .limit(1);
    return row;
  }

  /**
   * GET /api/my-user: the caller's user with their accounts. A read, so it writes nothing (issue
   * 22): someone never provisioned (POST /api/my-user) gets 404 USER_NOT_PROVISIONED.
   */
  async myUser(principal: Principal): Promise<UserView> {
    const user = await this.known(principal);
    if (!user) throw userNotProvisioned();
    return this.userView(user, principal);
  }

  /** POST /api/my-user: provisions the caller (see `provision`) and answers as GET does. */
  async provisionMyUser(principal: Principal): Promise<UserView> {
    return this.userView(await this.provision(principal), principal);
  }

  private async userView(user: UserRow, principal: Principal): Promise<UserView> {
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
    // Someone never provisioned has no user to change: the same 404 as another person's id.
    const caller = await this.known(principal);
    if (caller?.id !== id) throw notFound('User not found.');
    if (patch.firstName !== undefined || patch.lastName !== undefined) {
      await this.orm.update(users).set(patch).where(eq(users.id, id));
    }
    return this.myUser(principal);
  }

  async getAccount(principal: Principal, id: number): Promise<AccountView> {
    const caller = await this.known(principal);
    if (!caller) throw notFound('Account not found.');
    await this.membership(caller, id);
    return this.accountView(id);
  }

  async updateAccount(
    principal: Principal,
    id: number,
    patch: { email?: string | null; contact?: ContactInput; labelFormat?: LabelFormat },
  ): Promise<AccountView> {
    const caller = await this.known(principal);
    if (!caller) throw notFound('Account not found.');
    await this.membership(caller, id);
    const [current] = await this.orm.select().from(accounts).where(eq(accounts.id, id));
    if (!current) throw notFound('Account not found.');
    const stored = toContact(current.contact);
    // SPEC §4 Phone change: a new number only with the code sent to it (phone-change.ts).
    const phoneChanged =
      (patch.contact?.phone !== undefined && patch.contact.phone !== stored.phone) ||
      (patch.contact?.phonePrefix !== undefined &&
        (patch.contact.phonePrefix ?? stored.phonePrefix) !== stored.phonePrefix);
    if (phoneChanged) {
      throw invalidInput(422, [
        {
          propertyPath: 'contact.phone',
          message: PHONE_CODE_MESSAGES.needsVerification,
          code: PHONE_CODE_CODES.needsVerification,
        },
      ]);
    }
    const contact = patch.contact ? { ...stored, ...withoutUndefined(patch.contact) } : undefined;
    await this.orm
      .update(accounts)
      .set({
        ...(patch.email !== undefined ? { email: patch.email } : {}),
        ...(contact ? { contact } : {}),
        ...(patch.labelFormat !== undefined ? { labelFormat: patch.labelFormat } : {}),
      })
      .where(eq(accounts.id, id));
    return this.accountView(id);
  }

  /**
   * Only the account's main administrator deletes it; the links go with it. What other modules
   * keep of the account (its orders) is settled in the same transaction by `onAccountDeleted`, and
   * `account.deleted` is published in it for the work that can follow (README: Account deletion).
   */
  async deleteAccount(principal: Principal, id: number, now: Date = new Date()): Promise<void> {
    const caller = await this.known(principal);
    if (!caller) throw notFound('Account not found.');
    const link = await this.membership(caller, id);
    if (link.role !== ROLE_MAIN_ADMIN) throw new ApiError(403, ACCESS_DENIED);
    await this.orm.transaction(async (tx) => {
      const deleted = await this.deleteOne(tx, id, { userId: caller.id, withProfile: false }, now);
      await this.options.events?.publish(tx, deleted ? [deleted] : []);
    });
    this.options.events?.committed();
  }

  /**
   * Deletes one account in the deletion's transaction: first what other modules must settle while
   * the row still stands (`onAccountDeleted`: the orders' foreign keys), then the row, whose links,
   * branches and every per-account row of other modules go by cascade. Answers its
   * `account.deleted` event (undefined when the row was gone already), for the caller to publish
   * in the same transaction.
   */
  private async deleteOne(
    tx: Orm,
    accountId: number,
    by: { userId: number; withProfile: boolean },
    now: Date,
  ): Promise<NewDomainEvent | undefined> {
    await this.options.onAccountDeleted?.(tx, accountId);
    const [row] = await tx.delete(accounts).where(eq(accounts.id, accountId)).returning({ type: accounts.type });
    if (!row) return undefined;
    return {
      type: 'account.deleted',
      aggregateId: String(accountId),
      occurredAt: now,
      data: {
        accountId,
        kind: row.type === 'company' ? 'company' : 'private',
        deletedAt: now.toISOString(),
        deletedBy: { userId: by.userId },
        withProfile: by.withProfile,
      },
    };
  }

  /**
   * The person deletes their whole profile (issue 13, SPEC §6 account deletion): every account
   * they alone hold goes as `deleteAccount` deletes one (paid orders archived, unpaid deleted); from
   * a company account that others share they are removed, and when they were its last main
   * administrator the longest-standing other member becomes one. The user row stays, marked
   * deleted, for the back office's archive and so that the same sign-in is refused from now on.
   */
  async deleteProfile(principal: Principal, id: number, now: Date): Promise<void> {
    const caller = await this.known(principal);
    if (!caller || caller.id !== id) throw notFound('User not found.');
    await this.orm.transaction(async (tx) => {
      await tx.execute(sql`select id from users where id = ${caller.id} for update`);
      const events: NewDomainEvent[] = [];
      const links = await tx.select().from(userAccounts).where(eq(userAccounts.userId, caller.id));
      for (const link of links) {
        // Serialises with the company-users removals on the same account.
        await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, link.accountId)).for('update');
        const others = await tx
          .select()
          .from(userAccounts)
          .where(and(eq(userAccounts.accountId, link.accountId), sql`${userAccounts.userId} <> ${caller.id}`))
          .orderBy(asc(userAccounts.createdAt), asc(userAccounts.id));
        const [first] = others;
        if (!first) {
          const deleted = await this.deleteOne(tx, link.accountId, { userId: caller.id, withProfile: true }, now);
          if (deleted) events.push(deleted);
          continue;
        }
        await tx.delete(userAccounts).where(eq(userAccounts.id, link.id));
        if (!others.some((other) => other.role === ROLE_MAIN_ADMIN)) {
          await tx.update(userAccounts).set({ role: ROLE_MAIN_ADMIN }).where(eq(userAccounts.id, first.id));
        }
      }
      await tx.update(users).set({ deletedAt: now }).where(eq(users.id, caller.id));
      events.push({
        type: 'profile.deleted',
        aggregateId: String(caller.id),
        occurredAt: now,
        data: {
          userId: caller.id,
          deletedAt: now.toISOString(),
          deletedAccountIds: events.map((event) => Number(event.aggregateId)),
        },
      });
      await this.options.events?.publish(tx, events);
    });
    this.options.events?.committed();
  }

  /**
   * Refuses a blocked user or a deleted profile (403), on every authenticated call (index.ts):
   * neither may sign in to the portal (GET /api/my-user) nor call the API.
   */
  async assertMayCall(principal: Principal): Promise<void> {
    const [row] = await this.orm
      .select({ blockedAt: users.blockedAt, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.subject, principal.subject));
    if (row?.deletedAt) throw new ApiError(403, PROFILE_DELETED_MESSAGE);
    if (row?.blockedAt) throw new ApiError(403, USER_BLOCKED_MESSAGE);
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

  /** The caller's back-office roles (none for an unknown user or a customer); reads never provision. */
  async adminRoles(principal: Principal): Promise<readonly AdminRole[]> {
    return (await this.known(principal))?.adminRoles ?? [];
  }

  /**
   * The caller and their link to the account, for other parts of the identity module and for
   * modules that keep data per account (saved HS codes): the same 404 as a missing account when
   * the caller is not a member.
   */
  async member(principal: Principal, accountId: number): Promise<{ user: UserRow; role: string }> {
    // Looked up, never provisioned: someone no sign-in recorded is a member of nothing (and a read
    // writes nothing). The same 404 whether the account does not exist or is someone else's.
    const known = await this.knownWithLink(principal, accountId);
    if (!known || known.role === null) throw notFound('Account not found.');
    return { user: known.user, role: known.role };
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

  async accountView(id: number): Promise<AccountView> {
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
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(userAccounts)
      .innerJoin(users, eq(users.id, userAccounts.userId))
      .where(inArray(userAccounts.accountId, ids))
      .orderBy(asc(userAccounts.id));
    const branches = await this.orm
      .select()
      .from(accountBranches)
      .where(inArray(accountBranches.accountId, ids))
      .orderBy(asc(accountBranches.name), asc(accountBranches.id));
    return new Map(
      rows.map((row: AccountRow) => [
        row.id,
        {
          id: row.id,
          // The column holds only these: accounts are made here (private) or by an approval (company).
          type: row.type as Account['type'],
          email: row.email,
          isActive: row.isActive,
          companyName: row.companyName,
          companyRegNr: row.companyRegNr,
          contractNumber: row.contractNumber,
          separateInvoice: row.separateInvoice,
          contact: { ...toContact(row.contact), company: row.type === 'company' },
          labelFormat: isLabelFormat(row.labelFormat) ? row.labelFormat : DEFAULT_LABEL_FORMAT,
          userAccounts: links
            .filter((link) => link.accountId === row.id)
            .map((link) => ({
              id: link.id,
              role: link.role,
              ownerUser: { id: link.userId, email: link.email, firstName: link.firstName, lastName: link.lastName },
            })),
          branches: branches
            .filter((branch) => branch.accountId === row.id)
            .map((branch) => ({ id: branch.id, name: branch.name, address: branch.address })),
        },
      ]),
    );
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}
