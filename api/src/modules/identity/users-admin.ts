import { COMPANY_APPLICATION_MESSAGES, ROLE_MAIN_ADMIN } from '@portal/shared-contracts/account';
import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Orm } from '../../db';
import { invalidInput, notFound } from '../../http/problem';
import { toContact } from './model';
import { accountBranches, accounts, companyApplications, userAccounts, users } from './schema';
import { PROFILE_DELETED_MESSAGE as PROFILE_DELETED, type UserRow } from './service';

// The back office's users and clients (issue 14): the user list and search, one user with the
// admin user-account view of SPEC §3, edit and block, company applications to approve or reject,
// and the profiles deleted by their owners (the archive).

export type UserStatus = 'active' | 'blocked' | 'deleted';
export const USER_SORT_FIELDS = ['id', 'email', 'lastName', 'createdAt'] as const;
/** The archive lists deleted profiles by when they were deleted. */
export type UserSortField = (typeof USER_SORT_FIELDS)[number] | 'deletedAt';

export interface Paging {
  page: number;
  itemsPerPage: number;
}

export interface UserSearch {
  /** Part of the e-mail, first or last name (any case), or the user's id. */
  search?: string;
  status?: UserStatus;
  sort: UserSortField;
  descending: boolean;
}

export function userStatus(user: Pick<UserRow, 'blockedAt' | 'deletedAt'>): UserStatus {
  if (user.deletedAt) return 'deleted';
  return user.blockedAt ? 'blocked' : 'active';
}

/** One line of SPEC §3 "Admin user-account view": the user's link to one account. */
export interface AdminUserAccountView {
  linkId: number;
  role: string;
  /** The client ID is the account's id. */
  clientId: number;
  type: string;
  email: string | null;
  company: string | null;
  registrationNumber: string | null;
  contractNumber: string | null;
  separateInvoice: boolean;
  /** SPEC §3 "client status": `active` or `inactive`. */
  clientStatus: 'active' | 'inactive';
  phone: string | null;
  address: string | null;
  branches: string[];
  addedAt: Date;
  addedBy: { id: number; email: string | null; name: string | null } | null;
}

const SORT_COLUMNS = {
  id: users.id,
  email: users.email,
  lastName: users.lastName,
  createdAt: users.createdAt,
  deletedAt: users.deletedAt,
} as const;

export class UsersAdminService {
  constructor(private readonly orm: Orm) {}

  async search(filter: UserSearch, paging: Paging): Promise<{ items: UserRow[]; totalItems: number }> {
    const conditions: SQL[] = [];
    const text = filter.search?.trim();
    if (text) {
      const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      const matches = [
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, pattern),
      ];
      if (/^\d{1,9}$/.test(text)) matches.push(eq(users.id, Number(text)));
      conditions.push(or(...matches) as SQL);
    }
    if (filter.status === 'deleted') conditions.push(isNotNull(users.deletedAt));
    if (filter.status === 'blocked') conditions.push(and(isNull(users.deletedAt), isNotNull(users.blockedAt)) as SQL);
    if (filter.status === 'active') conditions.push(and(isNull(users.deletedAt), isNull(users.blockedAt)) as SQL);
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const column = SORT_COLUMNS[filter.sort];
    const [items, [total]] = await Promise.all([
      this.orm
        .select()
        .from(users)
        .where(where)
        .orderBy(filter.descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`, asc(users.id))
        .limit(paging.itemsPerPage)
        .offset((paging.page - 1) * paging.itemsPerPage),
      this.orm.select({ value: count() }).from(users).where(where),
    ]);
    return { items, totalItems: total?.value ?? 0 };
  }

  async user(id: number): Promise<UserRow> {
    const [row] = await this.orm.select().from(users).where(eq(users.id, id));
    if (!row) throw notFound('User not found.');
    return row;
  }

  /** The accounts the user belongs to, as SPEC §3's admin user-account view shows them. */
  async accountsOf(userId: number): Promise<AdminUserAccountView[]> {
    const addedBy = aliasedTable(users, 'added_by');
    const rows = await this.orm
      .select({ link: userAccounts, account: accounts, addedBy })
      .from(userAccounts)
      .innerJoin(accounts, eq(accounts.id, userAccounts.accountId))
      .leftJoin(addedBy, eq(addedBy.id, userAccounts.addedByUserId))
      .where(eq(userAccounts.userId, userId))
      .orderBy(asc(userAccounts.id));
    const ids = rows.map((row) => row.account.id);
    const branches =
      ids.length === 0
        ? []
        : await this.orm
            .select()
            .from(accountBranches)
            .where(inArray(accountBranches.accountId, ids))
            .orderBy(asc(accountBranches.name));
    return rows.map(({ link, account, addedBy: adder }) => {
      const contact = toContact(account.contact);
      return {
        linkId: link.id,
        role: link.role,
        clientId: account.id,
        type: account.type,
        email: account.email,
        company: account.companyName,
        registrationNumber: account.companyRegNr,
        contractNumber: account.contractNumber,
        separateInvoice: account.separateInvoice,
        clientStatus: account.isActive ? 'active' : 'inactive',
        phone: contact.phone ? `+${contact.phonePrefix} ${contact.phone}` : null,
        address: contact.address,
        branches: branches.filter((branch) => branch.accountId === account.id).map((branch) => branch.name),
        addedAt: link.createdAt,
        addedBy: adder
          ? {
              id: adder.id,
              email: adder.email,
              name: [adder.firstName, adder.lastName].filter(Boolean).join(' ') || null,
            }
          : null,
      };
    });
  }

  /** Edits the names and the block; a deleted profile stays as its owner left it. */
  async update(
    id: number,
    patch: { firstName?: string | null; lastName?: string | null; blocked?: boolean },
    now: Date,
  ): Promise<{ before: UserRow; after: UserRow }> {
    const before = await this.user(id);
    if (before.deletedAt)
      throw invalidInput(422, [{ propertyPath: '', message: PROFILE_DELETED, code: 'PROFILE_DELETED' }]);
    const set: Partial<typeof users.$inferInsert> = {};
    if (patch.firstName !== undefined) set.firstName = patch.firstName;
    if (patch.lastName !== undefined) set.lastName = patch.lastName;
    if (patch.blocked !== undefined) set.blockedAt = patch.blocked ? (before.blockedAt ?? now) : null;
    if (Object.keys(set).length === 0) return { before, after: before };
    const [after] = await this.orm.update(users).set(set).where(eq(users.id, id)).returning();
    if (!after) throw notFound('User not found.');
    return { before, after };
  }

  /**
   * The back office's fields of a client account (SPEC §3 admin user-account view): contract number,
   * separate invoice, client status (`isActive`).
   */
  async updateAccount(
    id: number,
    patch: { contractNumber?: string | null; separateInvoice?: boolean; isActive?: boolean },
  ): Promise<{ before: typeof accounts.$inferSelect; after: typeof accounts.$inferSelect }> {
    const [before] = await this.orm.select().from(accounts).where(eq(accounts.id, id));
    if (!before) throw notFound('Account not found.');
    if (Object.keys(patch).length === 0) return { before, after: before };
    const [after] = await this.orm.update(accounts).set(patch).where(eq(accounts.id, id)).returning();
    if (!after) throw notFound('Account not found.');
    return { before, after };
  }

  async applications(
    status: string | undefined,
    paging: Paging,
  ): Promise<{ items: ApplicationRow[]; totalItems: number }> {
    const where = status ? eq(companyApplications.status, status) : undefined;
    const [items, [total]] = await Promise.all([
      this.orm
        .select({ application: companyApplications, applicant: users })
        .from(companyApplications)
        .innerJoin(users, eq(users.id, companyApplications.userId))
        .where(where)
        .orderBy(desc(companyApplications.createdAt), desc(companyApplications.id))
        .limit(paging.itemsPerPage)
        .offset((paging.page - 1) * paging.itemsPerPage),
      this.orm.select({ value: count() }).from(companyApplications).where(where),
    ]);
    return { items, totalItems: total?.value ?? 0 };
  }

  async application(id: number): Promise<ApplicationRow> {
    const [row] = await this.orm
      .select({ application: companyApplications, applicant: users })
      .from(companyApplications)
      .innerJoin(users, eq(users.id, companyApplications.userId))
      .where(eq(companyApplications.id, id));
    if (!row) throw notFound('Company application not found.');
    return row;
  }

  /**
   * Approval creates the company account from the application, with the applicant as its main
   * administrator (added by the approving administrator), in one transaction; the row is locked so
   * two administrators cannot approve it twice. Only a pending application can be decided.
   */
  async decide(
    id: number,
    decision: 'approved' | 'rejected',
    reviewer: UserRow,
    now: Date,
  ): Promise<{ before: ApplicationRow['application']; after: ApplicationRow['application'] }> {
    return this.orm.transaction(async (tx) => {
      const [before] = await tx.select().from(companyApplications).where(eq(companyApplications.id, id)).for('update');
      if (!before) throw notFound('Company application not found.');
      if (before.status !== 'pending') {
        throw invalidInput(422, [
          { propertyPath: 'status', message: COMPANY_APPLICATION_MESSAGES.notPending, code: 'NOT_PENDING' },
        ]);
      }
      let accountId: number | null = null;
      if (decision === 'approved') {
        const [applicant] = await tx.select().from(users).where(eq(users.id, before.userId));
        if (!applicant || applicant.deletedAt) {
          throw invalidInput(422, [{ propertyPath: 'status', message: PROFILE_DELETED, code: 'PROFILE_DELETED' }]);
        }
        const [account] = await tx
          .insert(accounts)
          .values({
            type: 'company',
            email: before.email,
            companyName: before.companyName,
            companyRegNr: before.registrationNumber,
            contact: toContact({ phonePrefix: before.phonePrefix, phone: before.phone, address: before.address }),
          })
          .returning({ id: accounts.id });
        if (!account) throw new Error('account insert returned no row');
        accountId = account.id;
        await tx.insert(userAccounts).values({
          userId: before.userId,
          accountId,
          role: ROLE_MAIN_ADMIN,
          addedByUserId: reviewer.id,
        });
      }
      const [after] = await tx
        .update(companyApplications)
        .set({ status: decision, reviewedAt: now, reviewedByUserId: reviewer.id, accountId })
        .where(eq(companyApplications.id, id))
        .returning();
      if (!after) throw new Error('application update returned no row');
      return { before, after };
    });
  }
}

export interface ApplicationRow {
  application: typeof companyApplications.$inferSelect;
  applicant: UserRow;
}
