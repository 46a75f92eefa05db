import { eq } from 'drizzle-orm';
import type { Orm } from '../../db';
import { accountBranches, accounts, userAccounts, users } from './schema';
import { ROLE_MAIN_ADMIN } from './service';

/**
 * Demo users of the development identity provider (infra/dev-idp/users.ts has the same subjects):
 * a private user, a company user (MAIN_ADMIN of a company account), an administrator, a
 * content editor, a product manager and a customer-service agent (back-office roles, issue 14).
 * Names and the company are made up; the registration number is a placeholder.
 */
export const DEMO_USERS = [
  { subject: 'dev-private', email: 'anna@example.com', firstName: 'Anna', lastName: 'Bērziņa', adminRoles: [] },
  { subject: 'dev-company', email: 'janis@example.com', firstName: 'Jānis', lastName: 'Ozols', adminRoles: [] },
  {
    subject: 'dev-admin',
    email: 'admin@example.com',
    firstName: 'Ilze',
    lastName: 'Kalniņa',
    adminRoles: ['administrator'],
  },
  {
    subject: 'dev-editor',
    email: 'editor@example.com',
    firstName: 'Līga',
    lastName: 'Liepiņa',
    adminRoles: ['content_editor'],
  },
  {
    subject: 'dev-manager',
    email: 'manager@example.com',
    firstName: 'Pēteris',
    lastName: 'Kļaviņš',
    adminRoles: ['product_manager'],
  },
  {
    subject: 'dev-service',
    email: 'service@example.com',
    firstName: 'Mārtiņš',
    lastName: 'Kalējs',
    adminRoles: ['customer_service'],
  },
] as const satisfies readonly (typeof users.$inferInsert)[];

export async function seedDemoUsers(orm: Orm): Promise<void> {
  for (const demo of DEMO_USERS) {
    const [created] = await orm
      .insert(users)
      .values({ ...demo, adminRoles: [...demo.adminRoles] })
      .onConflictDoNothing()
      .returning();
    if (!created || demo.subject !== 'dev-company') continue;
    const [company] = await orm
      .insert(accounts)
      .values({
        type: 'company',
        email: 'office@example.com',
        companyName: 'SIA Demo Company',
        companyRegNr: '00000000000',
        // A placeholder, not a number the post issues: the back office sets real ones.
        contractNumber: 'DEMO-0001',
        contact: { phonePrefix: '371', phone: null, address: null, returnParcelLocker: null, eNotifications: null },
      })
      .returning({ id: accounts.id });
    if (!company) continue;
    await orm.insert(userAccounts).values({ userId: created.id, accountId: company.id, role: ROLE_MAIN_ADMIN });
    // Made-up branches of the made-up company (SPEC §3 Account branches).
    await orm.insert(accountBranches).values([
      { accountId: company.id, name: 'Head office', address: 'Brīvības iela 1, Rīga, LV-1010' },
      { accountId: company.id, name: 'Warehouse', address: 'Krasta iela 2, Rīga, LV-1003' },
    ]);
  }
  // Keeps the demo back-office users' roles even if their rows existed before seeding.
  for (const demo of DEMO_USERS) {
    if (demo.adminRoles.length > 0)
      await orm
        .update(users)
        .set({ adminRoles: [...demo.adminRoles] })
        .where(eq(users.subject, demo.subject));
  }
}
