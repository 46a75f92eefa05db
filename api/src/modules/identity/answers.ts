import { accountMemberSchema, accountSchema, userAccountLinkSchema, userSchema } from '@portal/shared-contracts';
import { COMPANY_APPLICATION_STATUSES } from '@portal/shared-contracts/account';
import { z } from 'zod';

// The identity module's answers (route schemas, openapi.ts). The user and the account are the
// shared contract's (what the screens read), with what the API sends beyond it: the JSON-LD types,
// the links' own ids and the fields the screens do not read. The back office's are the API's own.

const nullableText = z.string().nullable();

const ownerUserAnswer = z.object({
  '@id': z.string(),
  id: z.int(),
  email: nullableText,
  firstName: nullableText,
  lastName: nullableText,
});

const accountMemberAnswer = z.object({
  ...accountMemberSchema.shape,
  '@id': z.string(),
  '@type': z.literal('UserAccount'),
  /** The account's IRI. */
  account: z.string(),
  ownerUser: ownerUserAnswer,
});

export const accountAnswer = z
  .object({
    ...accountSchema.shape,
    '@type': z.literal('Account'),
    companyRegNr: nullableText,
    contractNumber: nullableText,
    separateInvoice: z.boolean(),
    userAccounts: z.array(accountMemberAnswer),
  })
  .describe('The account, with its contact, the people who act for it and its branches.');
export type AccountAnswer = z.input<typeof accountAnswer>;

const userAccountLinkAnswer = z.object({
  ...userAccountLinkSchema.shape,
  '@id': z.string(),
  '@type': z.literal('UserAccount'),
  account: accountAnswer,
});

export const userAnswer = z
  .object({
    ...userSchema.shape,
    '@type': z.literal('User'),
    userAccounts: z.array(userAccountLinkAnswer),
  })
  .describe('The caller’s user, with the accounts they act for.');

const applicationFields = {
  '@id': z.string(),
  '@type': z.literal('CompanyApplication'),
  id: z.int(),
  companyName: z.string(),
  registrationNumber: z.string(),
  vatNumber: nullableText,
  email: z.string(),
  phonePrefix: nullableText,
  phone: nullableText,
  address: nullableText,
  iban: nullableText,
  status: z.enum(COMPANY_APPLICATION_STATUSES),
  reviewedAt: nullableText,
  /** The company account an approval created. */
  accountId: z.int().nullable(),
  createdAt: z.string(),
};

/** POST /api/company_applications: the application as filed. */
export const companyApplicationAnswer = z
  .object({ ...applicationFields, reviewedByUserId: z.int().nullable() })
  .describe('The application as filed (pending).');

// The back office (admin-routes.ts).

const userStatus = z.enum(['active', 'blocked', 'deleted']);
const clientStatus = z.enum(['active', 'inactive']);

export const adminUserAnswer = z.object({
  '@id': z.string(),
  '@type': z.literal('AdminUser'),
  id: z.int(),
  email: nullableText,
  firstName: nullableText,
  lastName: nullableText,
  adminRoles: z.array(z.string()),
  authMethods: z.array(z.string()),
  status: userStatus,
  blockedAt: nullableText,
  deletedAt: nullableText,
  createdAt: z.string(),
});

/** One line of SPEC §3 "Admin user-account view": the user's link to one account. */
const adminUserAccountAnswer = z.object({
  linkId: z.int(),
  role: z.string(),
  /** The client ID is the account's id. */
  clientId: z.int(),
  type: z.string(),
  email: nullableText,
  company: nullableText,
  registrationNumber: nullableText,
  contractNumber: nullableText,
  separateInvoice: z.boolean(),
  clientStatus,
  /** `+371 21234567`. */
  phone: nullableText,
  address: nullableText,
  /** The branches' names. */
  branches: z.array(z.string()),
  addedAt: z.string(),
  addedBy: z.object({ id: z.int(), email: nullableText, name: nullableText }).nullable(),
});

export const adminUserDetailAnswer = z
  .object({ ...adminUserAnswer.shape, userAccounts: z.array(adminUserAccountAnswer) })
  .describe('The user, with the accounts they belong to.');

export const adminAccountAnswer = z
  .object({
    '@id': z.string(),
    '@type': z.literal('AdminAccount'),
    id: z.int(),
    type: z.string(),
    companyName: nullableText,
    contractNumber: nullableText,
    separateInvoice: z.boolean(),
    clientStatus,
  })
  .describe('The back office’s fields of the account, as stored.');

export const adminApplicationAnswer = z.object({
  ...applicationFields,
  applicant: z.object({ id: z.int(), email: nullableText, firstName: nullableText, lastName: nullableText }),
});
