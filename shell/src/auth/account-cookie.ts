import { readCookie, removeCookie, writeCookie } from '../browser/cookies';

/** The active account id (SPEC §4): a secure, strict same-site cookie. */
export const ACCOUNT_COOKIE = 'activeAccount';

export function readActiveAccountId(): number | null {
  const value = Number(readCookie(ACCOUNT_COOKIE));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * Writes the cookie with Secure and SameSite=Strict. On plain http browsers refuse Secure except
 * for localhost (Chrome and Firefox also treat 127.0.0.1 so, others may not): when the browser
 * drops it, the cookie is written without Secure so that development on http keeps working.
 */
export function writeActiveAccountId(id: number): void {
  writeCookie(ACCOUNT_COOKIE, String(id), { sameSite: 'Strict', secure: true });
  if (readCookie(ACCOUNT_COOKIE) !== String(id))
    writeCookie(ACCOUNT_COOKIE, String(id), { sameSite: 'Strict', secure: false });
}

export function removeActiveAccountId(): void {
  removeCookie(ACCOUNT_COOKIE);
}
