// The order flow's tests render its components the way the shell mounts them, through the shared
// test kit (`@portal/shared-contracts/testing`) with this remote's catalogues.
import type { ApiClient, PlatformSession } from '@portal/shared-contracts';
import type { Platform } from '@portal/shared-contracts/react';
import { anonymousSession as makeAnonymousSession, renderRemote } from '@portal/shared-contracts/testing';
import type { ReactElement } from 'react';
import { catalogues, NAMESPACE } from '../i18n';

export { fakeApi, violationsError } from '@portal/shared-contracts/testing';

export const anonymousSession: PlatformSession = makeAnonymousSession();

/** Anna Bērziņa signed in, acting for `activeAccount` (only the fields a test reads). */
export function signedInSession(activeAccount: unknown): PlatformSession {
  return {
    ...anonymousSession,
    status: 'authenticated',
    user: {
      '@id': '/api/users/1',
      id: 1,
      email: 'anna@example.com',
      firstName: 'Anna',
      lastName: 'Bērziņa',
      isAdmin: false,
      adminRoles: [],
      identityVerified: false,
      authMethods: [],
      userAccounts: [],
    },
    activeAccount: activeAccount as PlatformSession['activeAccount'],
  };
}

/** Two countries of the list answer: one inside the EU, one outside its customs area. */
export const COUNTRIES = [
  {
    code: 'LV',
    name: 'Latvia',
    nameLv: 'Latvija',
    countryAliasNames: [],
    phonePrefix: '371',
    groups: [{ name: 'EU' }],
    active: true,
    type: 6,
  },
  {
    code: 'US',
    name: 'United States',
    nameLv: 'ASV',
    countryAliasNames: [],
    phonePrefix: '1',
    groups: [{ name: 'World' }],
    active: true,
    type: null,
  },
];

export function renderWithPlatform(
  element: ReactElement,
  options: {
    api: ApiClient;
    route?: string;
    path?: string;
    session?: PlatformSession;
    platform?: Partial<Platform>;
    locale?: 'en' | 'lv';
  },
) {
  return renderRemote(element, { namespace: NAMESPACE, catalogues, session: anonymousSession, ...options });
}
