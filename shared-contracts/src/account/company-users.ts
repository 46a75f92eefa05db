import * as z from 'zod/mini';
import { emailProblem } from '../people/person-rules';
import type { RuleViolation } from '../rules/violations';
import { violation } from '../rules/violations';

// SPEC §3 Account (users, branches), §6 Company account: a company account's main administrator
// adds and removes the people who act for it. Role names beyond MAIN_ADMIN are not in the SPEC;
// USER is an ordinary member who orders and reads the account's data.

export const ROLE_MAIN_ADMIN = 'MAIN_ADMIN';
export const ROLE_USER = 'USER';
export const COMPANY_ROLES = [ROLE_MAIN_ADMIN, ROLE_USER] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const COMPANY_USER_MESSAGES = {
  email: 'This value is not a valid email address.',
  role: 'The value you selected is not a valid choice.',
  userNotFound: 'No registered user has this e-mail address. They must sign in to the portal once first.',
  alreadyMember: 'This user already belongs to the account.',
  lastMainAdmin: 'The account must keep at least one main administrator.',
  companyOnly: 'Users are added to company accounts only.',
  linkNotFound: 'User of the account not found.',
} as const;

/** A branch of a company account (SPEC §3 Account branches). */
export const accountBranchSchema = z.object({
  id: z.int(),
  name: z.string(),
  address: z.nullable(z.string()),
});
export type AccountBranch = z.infer<typeof accountBranchSchema>;

/** The body of POST /api/accounts/{id}/user_accounts, checked before it is sent (paths `email`, `role`). */
export function companyUserViolations(input: { email: string; role: string }): RuleViolation[] {
  const found: RuleViolation[] = [];
  if (emailProblem(input.email)) found.push(violation('email', COMPANY_USER_MESSAGES.email, 'INVALID_EMAIL'));
  if (!(COMPANY_ROLES as readonly string[]).includes(input.role))
    found.push(violation('role', COMPANY_USER_MESSAGES.role, 'INVALID_ROLE'));
  return found;
}
