import { eq } from 'drizzle-orm';
import type { Orm } from '../../db';
import { accounts, userAccounts, users } from '../../db/schema';
import { ROLE_MAIN_ADMIN } from './service';

/**
 * Demo users of the development identity provider (infra/dev-idp/users.ts has the same subjects):
 * a private user, a company user (MAIN_ADMIN of a company account) and an administrator.
 * Names and the company are made up; the registration number is a placeholder.
 */
export const DEMO_USERS = [
  { subject: 'dev-private', email: 'anna@example.com', firstName: 'Anna', lastName: 'Bērziņa', isAdmin: false },
  { subject: 'dev-company', email: 'janis@example.com', firstName: 'Jānis', lastName: 'Ozols', isAdmin: false },
  { subject: 'dev-admin', email: 'admin@example.com', firstName: 'Ilze', lastName: 'Kalniņa', isAdmin: true },
] as const;

export async function seedDemoUsers(orm: Orm): Promise<void> {
  for (const demo of DEMO_USERS) {
    const [created] = await orm.insert(users).values(demo).onConflictDoNothing().returning();
    if (!created || demo.subject !== 'dev-company') continue;
    const [company] = await orm
      .insert(accounts)
      .values({
        type: 'company',
        email: 'office@example.com',
        companyName: 'SIA Demo Company',
        companyRegNr: '00000000000',
        contact: { phonePrefix: '371', phone: null, address: null, returnParcelLocker: null, eNotifications: null },
      })
      .returning({ id: accounts.id });
    if (company)
      await orm.insert(userAccounts).values({ userId: created.id, accountId: company.id, role: ROLE_MAIN_ADMIN });
  }
  // Keeps the admin flag of the demo administrator even if the user row existed before seeding.
  await orm.update(users).set({ isAdmin: true }).where(eq(users.subject, 'dev-admin'));
}
