import { COMPANY_USER_MESSAGES, type CompanyRole, ROLE_MAIN_ADMIN } from '@portal/shared-contracts/account';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../auth';
import type { Orm } from '../../db';
import { ApiError, invalidInput, notFound } from '../../http/problem';
import { accounts, userAccounts, users } from './schema';
import { ACCESS_DENIED, type AccountView, type IdentityService } from './service';

/**
 * The people of a company account (SPEC §3 Account userAccounts, §6 Company account): its main
 * administrators add registered users by e-mail and remove them. Anyone else who is a member
 * gets 403, a non-member the same 404 as for a missing account. The account always keeps one
 * main administrator.
 */
export class CompanyUsersService {
  constructor(
    private readonly orm: Orm,
    private readonly identity: IdentityService,
  ) {}

  async add(principal: Principal, accountId: number, body: { email: string; role: CompanyRole }): Promise<AccountView> {
    const adder = await this.mainAdministrator(principal, accountId);
    const [user] = await this.orm
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${body.email.trim().toLowerCase()}`)
      .orderBy(asc(users.id))
      .limit(1);
    if (!user) throw emailViolation(COMPANY_USER_MESSAGES.userNotFound, 'USER_NOT_FOUND');
    // The unique (user, account) index settles two administrators adding the same person at once.
    const inserted = await this.orm
      .insert(userAccounts)
      .values({ userId: user.id, accountId, role: body.role, addedByUserId: adder.id })
      .onConflictDoNothing()
      .returning({ id: userAccounts.id });
    if (inserted.length === 0) throw emailViolation(COMPANY_USER_MESSAGES.alreadyMember, 'ALREADY_MEMBER');
    return this.identity.accountView(accountId);
  }

  async remove(principal: Principal, accountId: number, linkId: number): Promise<void> {
    await this.mainAdministrator(principal, accountId);
    await this.orm.transaction(async (tx) => {
      // Serialises removals on the account, so two administrators cannot remove each other.
      await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
      const links = await tx.select().from(userAccounts).where(eq(userAccounts.accountId, accountId));
      const link = links.find((candidate) => candidate.id === linkId);
      if (!link) throw notFound(COMPANY_USER_MESSAGES.linkNotFound);
      const mainAdministrators = links.filter((candidate) => candidate.role === ROLE_MAIN_ADMIN);
      if (link.role === ROLE_MAIN_ADMIN && mainAdministrators.length === 1) {
        throw invalidInput(422, [
          { propertyPath: 'userAccount', message: COMPANY_USER_MESSAGES.lastMainAdmin, code: 'LAST_MAIN_ADMIN' },
        ]);
      }
      await tx.delete(userAccounts).where(and(eq(userAccounts.id, linkId), eq(userAccounts.accountId, accountId)));
    });
  }

  /** Only a main administrator of a company account manages its users. */
  /** The caller, a main administrator of the company account (else 403/404/422). */
  private async mainAdministrator(principal: Principal, accountId: number): Promise<{ id: number }> {
    const { role, user } = await this.identity.member(principal, accountId);
    if (role !== ROLE_MAIN_ADMIN) throw new ApiError(403, ACCESS_DENIED);
    const [account] = await this.orm.select({ type: accounts.type }).from(accounts).where(eq(accounts.id, accountId));
    if (account?.type !== 'company') {
      throw invalidInput(422, [
        { propertyPath: 'account', message: COMPANY_USER_MESSAGES.companyOnly, code: 'COMPANY_ONLY' },
      ]);
    }
    return user;
  }
}

const emailViolation = (message: string, code: string) => invalidInput(422, [{ propertyPath: 'email', message, code }]);
