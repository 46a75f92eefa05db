/**
 * What the gateway writes into the page it serves (a JSON data block with this element id), so
 * that the shell starts without asking for it: the environment's remotes file as /remotes.json
 * answers it, and the identity configuration as /auth-config.json answers it (issue 18). Both
 * stay available at their URLs; the shell falls back to them when the block is missing (a shell
 * served by a plain static server).
 */
export const BOOT_DATA_ELEMENT_ID = 'portal-boot';

export interface BootData {
  /** The served remotes file; the shell validates it with `remotesFileSchema`. */
  remotes?: unknown;
  /** The identity configuration (authority, clientId, session timings). */
  auth?: Record<string, unknown>;
}

/**
 * The contract between the gateway and the shell's Node build of its first screen
 * (shell/src/server/first-screen.tsx, loaded by infra/gateway/first-screen.ts), which are
 * delivered apart: what a page's render is given, and what it answers.
 */
export interface FirstScreenRequest {
  /** The page's path and query, as requested. */
  url: string;
  /** The request's Cookie header: consent and the chosen locale live there. */
  cookieHeader?: string | undefined;
  /** The remotes file the page's boot data carries (rollouts resolved for this visitor). */
  remotes: unknown;
}

export interface RenderedFirstScreen {
  /** The markup of the page's root element. */
  html: string;
  /** The locale it was rendered in: the browser hydrates only when it chooses the same. */
  locale: string;
}

export interface FirstScreenModule {
  /** null: a page the browser draws itself (the sign-in callback, which changes the session first). */
  renderFirstScreen(request: FirstScreenRequest): RenderedFirstScreen | null;
  /** What a render depends on besides the remotes file: the gateway keeps renders by it. */
  firstScreenKey(request: Omit<FirstScreenRequest, 'remotes'>): string;
}
