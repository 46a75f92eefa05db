/** Minimal cookie access for the shell's own cookies (consent, locale, active account). */

export interface CookieOptions {
  maxAgeDays?: number;
  sameSite?: 'Strict' | 'Lax';
  secure?: boolean;
}

/**
 * A cookie's value from the page's cookies, or from a request's Cookie header (the gateway renders
 * the first screen in Node, where there is no document).
 */
export function readCookie(name: string, cookies: string = pageCookies()): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of cookies.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) {
      try {
        return decodeURIComponent(trimmed.slice(prefix.length));
      } catch {
        return null;
      }
    }
  }
  return null;
}

function pageCookies(): string {
  return typeof document === 'undefined' ? '' : document.cookie;
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, 'path=/'];
  if (options.maxAgeDays !== undefined) parts.push(`max-age=${Math.round(options.maxAgeDays * 86400)}`);
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  // Browsers refuse Secure cookies on plain http except on localhost, so only ask for it on https.
  if (options.secure ?? window.location.protocol === 'https:') parts.push('Secure');
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox 115 and Safari 16
  document.cookie = parts.join('; ');
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox 115 and Safari 16
  document.cookie = `${encodeURIComponent(name)}=; path=/; max-age=0`;
}
