import { readBootData } from '../boot/boot-data';

/**
 * Identity configuration of this environment, written into the page by the gateway (else fetched
 * from `/auth-config.json`, which it also serves): the provider's authority (found through OpenID
 * Connect discovery), the client id and the session watcher's timings (SPEC §4, §9). Pointing the
 * portal at another provider is configuration only.
 */
export interface AuthConfig {
  authority: string;
  clientId: string;
  scope: string;
  /** Seconds without mouse or key activity before the session ends (SPEC: 3600). */
  idleSeconds: number;
  /** Seconds before the end when the reminder dialog appears (SPEC: 60). */
  warningSeconds: number;
}

export const DEFAULT_AUTH_CONFIG: AuthConfig = {
  authority: '/idp',
  clientId: 'portal-shell',
  scope: 'openid email profile api',
  idleSeconds: 3600,
  warningSeconds: 60,
};

let loaded: Promise<AuthConfig> | undefined;

export function loadAuthConfig(): Promise<AuthConfig> {
  loaded ??= readAuthConfig();
  return loaded;
}

function readAuthConfig(): Promise<AuthConfig> {
  // The gateway writes it into the page; a page without it (a plain static server) asks for it.
  const written = readBootData().auth as Partial<AuthConfig> | undefined;
  return (
    written
      ? Promise.resolve(written)
      : fetch('/auth-config.json', { cache: 'no-store' })
          .then((response) => (response.ok ? (response.json() as Promise<Partial<AuthConfig>>) : {}))
          .catch(() => ({}))
  ).then((file) => {
    const config = { ...DEFAULT_AUTH_CONFIG, ...file };
    return { ...config, authority: new URL(config.authority, window.location.origin).toString().replace(/\/$/, '') };
  });
}

/** Where oidc-client-ts keeps the signed-in user (session storage): read without loading the library. */
export function hasStoredSession(config: AuthConfig): boolean {
  try {
    return window.sessionStorage.getItem(`oidc.user:${config.authority}:${config.clientId}`) !== null;
  } catch {
    return false;
  }
}

// Pages of the portal: the gateway must know them (shared-contracts/router).
export { CALLBACK_PATH, SILENT_CALLBACK_PATH } from '@portal/shared-contracts/router';
