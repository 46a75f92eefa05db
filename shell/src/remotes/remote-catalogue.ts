import type { LocalizedText, RemoteEntry, WidgetPlacement } from '@portal/shared-contracts';
import type { PortalRoute } from '../routes/route-table';

/**
 * Routes, navigation and home widgets of the environment's remotes, read from the descriptions
 * the remotes publish (`remote.json`, inlined into `/remotes.json` by the gateway). A remote
 * that is switched off keeps its routes here, so its paths say "temporarily unavailable".
 */
export function remoteRoutes(remotes: readonly RemoteEntry[]): PortalRoute[] {
  return remotes.flatMap((remote) =>
    (remote.description?.routes ?? []).map((route) => ({ ...route, owner: remote.name })),
  );
}

export interface NavItem {
  to: string;
  label: LocalizedText;
  owner: string;
  order: number;
}

/** Navigation entries of the usable remotes, in the order the remotes ask for. */
export function navItems(remotes: readonly RemoteEntry[], usable: (name: string) => boolean): NavItem[] {
  return remotes
    .filter((remote) => usable(remote.name))
    .flatMap((remote) => (remote.description?.nav ?? []).map((item) => ({ ...item, owner: remote.name })))
    .sort((a, b) => a.order - b.order);
}

export interface HomeWidget {
  remote: string;
  expose: string;
  /** The room kept while it loads (the remote's description says it). */
  minHeight?: number | undefined;
}

/** Home widgets of enabled remotes for one place on the home page. */
export function homeWidgets(remotes: readonly RemoteEntry[], placement: WidgetPlacement): HomeWidget[] {
  return remotes
    .filter((remote) => remote.enabled)
    .flatMap((remote) =>
      (remote.description?.widgets ?? [])
        .filter((widget) => widget.placement === placement)
        .map((widget) => ({
          remote: remote.name,
          expose: widget.expose,
          order: widget.order,
          minHeight: widget.minHeight,
        })),
    )
    .sort((a, b) => a.order - b.order)
    .map(({ remote, expose, minHeight }) => ({ remote, expose, minHeight }));
}

/** A remote's text in the visitor's language (English when the remote lacks it). */
export function localize(text: LocalizedText, language: string | undefined): string {
  return language?.startsWith('lv') ? text.lv : text.en;
}
