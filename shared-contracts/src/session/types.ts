// The signed-in visitor as the shell loads it (SPEC §3 User, User account link, Account; §4 User
// loading) and hands to every remote through the platform context's `session`.
import * as z from 'zod/mini';
import { accountBranchSchema } from '../account/company-users';
import { LABEL_FORMATS } from '../orders/label-formats';

// Schemas (zod/mini, as the other shared entries) of what GET /api/my-user and /api/accounts/{id}
// answer and the screens read; the API documents its answers with them.

const nullableText = z.nullable(z.string());

export const accountContactSchema = z.object({
  phonePrefix: z.string(),
  phone: nullableText,
  address: nullableText,
  returnParcelLocker: nullableText,
  eNotifications: z.nullable(z.enum(['agree', 'disagree'])),
  company: z.boolean(),
});
export type AccountContact = z.infer<typeof accountContactSchema>;

/** A person who acts for the account, and their role in it. */
export const accountMemberSchema = z.object({
  id: z.int(),
  role: z.string(),
  ownerUser: z.object({
    id: z.int(),
    email: nullableText,
    firstName: z.optional(nullableText),
    lastName: z.optional(nullableText),
  }),
});
export type AccountMember = z.infer<typeof accountMemberSchema>;

export const accountSchema = z.object({
  '@id': z.string(),
  id: z.int(),
  type: z.enum(['private', 'company']),
  email: nullableText,
  isActive: z.boolean(),
  companyName: nullableText,
  /** A company's contract with the post (since 1.1.0). */
  contractNumber: z.optional(nullableText),
  /** A company that wants an invoice per shipment (since 1.1.0). */
  separateInvoice: z.optional(z.boolean()),
  contact: accountContactSchema,
  /** The label format the account's downloads default to (issue 20 item 4); optional: absent means A6. */
  labelFormat: z.optional(z.enum(LABEL_FORMATS)),
  userAccounts: z.array(accountMemberSchema),
  branches: z.array(accountBranchSchema),
});
export type Account = z.infer<typeof accountSchema>;

export const userAccountLinkSchema = z.object({
  id: z.int(),
  role: z.string(),
  account: accountSchema,
});
export type UserAccountLink = z.infer<typeof userAccountLinkSchema>;

export const userSchema = z.object({
  '@id': z.string(),
  id: z.int(),
  email: nullableText,
  firstName: nullableText,
  lastName: nullableText,
  /** Has any back-office role (issue 14). */
  isAdmin: z.boolean(),
  /** Back-office roles (`@portal/shared-contracts/admin`); empty for customers. */
  adminRoles: z.array(z.string()),
  identityVerified: z.boolean(),
  /** Sign-in methods used so far: password, smartid, eparaksts. */
  authMethods: z.array(z.string()),
  userAccounts: z.array(userAccountLinkSchema),
});
export type User = z.infer<typeof userSchema>;

export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

export interface PlatformSession {
  status: SessionStatus;
  user: User | null;
  activeAccount: Account | null;
  /** Sends the visitor to the identity provider; back to `returnTo` (default: this page) afterwards. */
  signIn: (returnTo?: string) => void;
  /** Signs out at the identity provider and comes back to the site origin. */
  signOut: () => void;
  /** Loads the user again (after a profile change or an account deletion). */
  reloadUser: () => Promise<void>;
  setActiveAccount: (accountId: number) => void;
}
