// The signed-in visitor as the shell loads it (SPEC §3 User, User account link, Account; §4 User
// loading) and hands to every remote through the platform context's `session`.
import type { AccountBranch } from '../account/company-users';

export interface AccountContact {
  phonePrefix: string;
  phone: string | null;
  address: string | null;
  returnParcelLocker: string | null;
  eNotifications: 'agree' | 'disagree' | null;
  company: boolean;
}

export interface Account {
  '@id': string;
  id: number;
  type: 'private' | 'company';
  email: string | null;
  isActive: boolean;
  companyName: string | null;
  /** A company's contract with the post (since 1.1.0). */
  contractNumber?: string | null;
  /** A company that wants an invoice per shipment (since 1.1.0). */
  separateInvoice?: boolean;
  contact: AccountContact;
  userAccounts: {
    id: number;
    role: string;
    ownerUser: { id: number; email: string | null; firstName?: string | null; lastName?: string | null };
  }[];
  branches: AccountBranch[];
}

export interface UserAccountLink {
  id: number;
  role: string;
  account: Account;
}

export interface User {
  '@id': string;
  id: number;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  /** Has any back-office role (issue 14). */
  isAdmin: boolean;
  /** Back-office roles (`@portal/shared-contracts/admin`); empty for customers. */
  adminRoles: string[];
  identityVerified: boolean;
  /** Sign-in methods used so far: password, smartid, eparaksts. */
  authMethods: string[];
  userAccounts: UserAccountLink[];
}

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
