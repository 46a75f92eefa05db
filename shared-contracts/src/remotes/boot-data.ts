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
  /** The public API answers the first screen was rendered with, which the browser starts from. */
  queries?: FirstScreenQuery[];
}

/**
 * One public API answer a page's first screen shows (the footer's columns, the home page's news),
 * under the query key the shell's component reads it by. The gateway asks the API for it while it
 * serves the page, so that the first screen is drawn with it instead of with a placeholder that
 * the answer then replaces (and the page below it moves: issue 18).
 */
export interface FirstScreenQuery {
  queryKey: readonly unknown[];
  data: unknown;
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
  /**
   * A remote's exposed module as the gateway loaded it from the remote's Node build (its default
   * export, a component taking `RemoteAppProps`), or undefined: that area renders as the placeholder
   * the browser fills once the remote has loaded.
   */
  remoteModule?: ((area: RemoteExpose) => unknown) | undefined;
  /** The answers `loadFirstScreenQueries` gave for this request: the render starts from them. */
  queries?: readonly FirstScreenQuery[] | undefined;
}

/** One exposed module of one remote, as a page shows it. */
export interface RemoteExpose {
  remote: string;
  /** `./App`, `./TrackingCard`: as the remote's description names it. */
  expose: string;
}

/**
 * How the page names a remote area rendered into its first screen: the root element's
 * `data-remote-areas` holds these, separated by spaces, so that the browser takes that area's
 * markup over (hydrates it) instead of drawing its placeholder first.
 */
export function remoteAreaId({ remote, expose }: RemoteExpose): string {
  return `${remote}/${expose}`;
}

/** The areas a `data-remote-areas` attribute names (`remoteAreaId`, separated by spaces). */
export function remoteAreasOf(attribute: string | undefined): RemoteExpose[] {
  return (attribute ?? '').split(' ').flatMap((id) => {
    const at = id.indexOf('/');
    return at > 0 ? [{ remote: id.slice(0, at), expose: id.slice(at + 1) }] : [];
  });
}

export interface RenderedFirstScreen {
  /** The markup of the page's root element. */
  html: string;
  /** The locale it was rendered in: the browser hydrates only when it chooses the same. */
  locale: string;
  /** The remote areas drawn with their remote's module (`remoteModule`); the others are placeholders. */
  remoteAreas?: RemoteExpose[];
  /** 404: the page drawn is "Page not found" (a remote's own unknown path too); absent: 200. */
  status?: 404;
}

export interface FirstScreenModule {
  /** null: a page the browser draws itself (the sign-in callback, which changes the session first). */
  renderFirstScreen(request: FirstScreenRequest): Promise<RenderedFirstScreen | null>;
  /** What a render depends on besides the remotes file: the gateway keeps renders by it. */
  firstScreenKey(request: Omit<FirstScreenRequest, 'remotes' | 'remoteModule' | 'queries'>): string;
  /**
   * The public API answers the request's first screen shows, asked for with `fetch` (the gateway
   * hands the API in its own process). An answer that fails or takes too long is left out: that
   * part of the page then loads in the browser. Absent from shell builds before it.
   */
  loadFirstScreenQueries?(
    request: Omit<FirstScreenRequest, 'remotes' | 'remoteModule' | 'queries'>,
    fetch: typeof globalThis.fetch,
  ): Promise<FirstScreenQuery[]>;
  /**
   * The build's instances of the platform's shared singletons by import name: a remote's Node
   * build requires them (the same React, router, i18next and platform context as the shell's).
   */
  sharedModules: Readonly<Record<string, unknown>>;
}
