// Remote areas the page's first screen draws with the remote's own module (issue 18). On the
// server, the gateway hands the render the modules it loaded from the remotes' Node builds
// (infra/gateway/remote-server-modules.ts); each area drawn with one is recorded, and the page
// names them (`data-remote-areas` on the root). In the browser, an area the markup holds is taken
// over (hydrated) as it is: React keeps the server's markup until the remote's code has arrived,
// instead of replacing it with a placeholder first.
import { type RemoteAppProps, type RemoteExpose, remoteAreaId, remoteAreasOf } from '@portal/shared-contracts';
import type { ComponentType } from 'react';

type ModuleLookup = (area: RemoteExpose) => unknown;

/** The server's render in progress: one at a time (shell/src/server/first-screen.tsx). */
let serverRender: { lookup: ModuleLookup; drawn: RemoteExpose[]; notFound: boolean } | null = null;
/** In the browser: the areas the page's markup holds. */
let inMarkup: ReadonlySet<string> = new Set();

/** Server: a render begins, with the gateway's modules (none: every area is a placeholder). */
export function beginServerRender(lookup: ModuleLookup = () => undefined): void {
  serverRender = { lookup, drawn: [], notFound: false };
}

/**
 * Server: the page drawn says "Page not found" (the shell's, or a remote's, which is the shell's
 * page too): the gateway then answers 404 (issue 40), also for a path only the remote knows is
 * none of its own. A no-op in the browser.
 */
export function markPageNotFound(): void {
  if (serverRender) serverRender.notFound = true;
}

/** Server: whether the render so far drew the not-found page. */
export function isPageNotFound(): boolean {
  return serverRender?.notFound ?? false;
}

/** Server: the render is over; the areas it drew with a remote's module. */
export function endServerRender(): RemoteExpose[] {
  const drawn = serverRender?.drawn ?? [];
  serverRender = null;
  return drawn;
}

/** Server: the area's module, when the gateway loaded it; recorded as drawn. */
export function serverModuleOf(area: RemoteExpose): ComponentType<RemoteAppProps> | undefined {
  if (!serverRender) return undefined;
  const module = serverRender.lookup(area);
  if (typeof module !== 'function' && (typeof module !== 'object' || module === null)) return undefined;
  if (!serverRender.drawn.some((drawn) => remoteAreaId(drawn) === remoteAreaId(area))) serverRender.drawn.push(area);
  return module as ComponentType<RemoteAppProps>;
}

/** Browser: the areas the page's markup holds, from the root's `data-remote-areas`; returns them. */
export function takeOverAreas(names: string | undefined): RemoteExpose[] {
  const areas = remoteAreasOf(names);
  inMarkup = new Set(areas.map(remoteAreaId));
  return areas;
}

/** Browser: whether the page's markup holds the area. */
export function isInMarkup(area: RemoteExpose): boolean {
  return inMarkup.has(remoteAreaId(area));
}
