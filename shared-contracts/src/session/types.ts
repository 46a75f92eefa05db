// The signed-in visitor as the shell loads it (SPEC §3 User, User account link, Account; §4 User
// loading) and hands to every remote through the platform context's `session`.

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
  contact: AccountContact;
  userAccounts: { id: number; role: string; ownerUser: { id: number; email: string | null } }[];
  branches: unknown[];
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
  isAdmin: boolean;
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
