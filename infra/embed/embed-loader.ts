// What every embed loader does (DESIGN §3): bring the Module Federation runtime that the remotes
// expect from their host, load a remote's `./parcel` and mount it with single-spa's
// mountRootParcel. No React here: the remote brings its own when no host shares one.
// One small entry per widget (calculator-embed.ts, tracking-embed.ts) names the remote.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { mountRootParcel, type Parcel, type ParcelConfig } from 'single-spa';

export interface MountOptions {
  /** The remote's manifest; default the portal's `/remotes/<remote>/mf-manifest.json`. */
  manifest?: string;
  /** `lv` or `en`. */
  locale?: 'lv' | 'en';
  /** Origin of the portal API (default the page's origin). */
  apiBaseUrl?: string;
  /** Origin of the portal the parcel's links open (default `apiBaseUrl`). */
  portalUrl?: string;
  /** Anything else the widget's parcel takes (e.g. tracking's `number`). */
  [prop: string]: unknown;
}

export interface EmbedWidget {
  /** The remote's name (`mf-calculator`) and its federation scope (`mf_calculator`). */
  remote: string;
  scope: string;
}

/** `mount(domElement, options)` for one widget; `parcel.update({ locale })` switches the language later. */
export function parcelMounter({ remote, scope }: EmbedWidget) {
  let registered: string | null = null;
  return async function mount(domElement: HTMLElement, { manifest, ...props }: MountOptions = {}): Promise<Parcel> {
    const entry = new URL(manifest ?? `/remotes/${remote}/mf-manifest.json`, window.location.href).toString();
    if (registered !== entry) {
      registerRemotes([{ name: scope, alias: remote, entry }], { force: registered !== null });
      registered = entry;
    }
    const config = await loadRemote<ParcelConfig>(`${remote}/parcel`);
    if (!config) throw new Error(`${remote} did not expose ./parcel`);
    const parcel = mountRootParcel(config, { domElement, ...props });
    await parcel.mountPromise;
    return parcel;
  };
}
