import * as z from 'zod/mini';

/**
 * The per-environment list of remotes the shell loads at run time
 * (`infra/environments/<env>/remotes.json`, served as `/remotes.json`).
 * Operators switch a remote off or re-point it by editing that file: no rebuild.
 */
const localizedTextSchema = z.object({ en: z.string().check(z.minLength(1)), lv: z.string().check(z.minLength(1)) });

/**
 * What a remote says about itself (`mf-<x>/remote.config.json`). Its build publishes it as
 * `remote.json` beside `mf-manifest.json`, and the gateway puts it into the `/remotes.json` it
 * serves, so the shell learns a remote's routes, navigation, titles, guards and home widgets at
 * run time with no request of its own (issue 16). Texts are the remote's own, in every language.
 */
export const remoteDescriptionSchema = z.object({
  name: z.string().check(z.regex(/^mf-[a-z-]+$/)),
  /** Module Federation `exposes`: `./App` is mounted on the remote's routes. */
  exposes: z.record(z.string().check(z.startsWith('./')), z.string()),
  routes: z._default(
    z.array(
      z.object({
        /** react-router pattern, e.g. `/orders/:orderType/:id?`. */
        path: z.string().check(z.startsWith('/')),
        title: localizedTextSchema,
        loginRequired: z.optional(z.boolean()),
        /** Implies loginRequired; the shell refuses users without the admin flag (SPEC §2). */
        adminOnly: z.optional(z.boolean()),
      }),
    ),
    [],
  ),
  nav: z._default(
    z.array(z.object({ to: z.string().check(z.startsWith('/')), label: localizedTextSchema, order: z.number() })),
    [],
  ),
  widgets: z._default(
    z.array(
      z.object({
        expose: z.string().check(z.startsWith('./')),
        /**
         * `start`: the home page's first cards; `signed-in`: lists for a signed-in user; `company`: for a
         * company account; `header`: a small item in the page header beside the account menu, for a signed-in user;
         * `banner`: a notice above every page's content, for everyone (shows nothing while there is none).
         */
        placement: z.enum(['start', 'signed-in', 'company', 'header', 'banner']),
        order: z.number(),
        /**
         * The widget's height in CSS pixels on a phone, kept for it while its code loads, so the
         * page below does not move when it arrives (issue 18: layout shift). Without it, a loader's.
         */
        minHeight: z.optional(z.number().check(z.int(), z.positive())),
      }),
    ),
    [],
  ),
  /** The "temporarily unavailable" text for this remote's area. */
  unavailable: z.optional(localizedTextSchema),
  /**
   * The exposes that also run in Node, where the gateway draws them into the first screen of the
   * pages that show them (issue 18). Only modules that touch no browser API while they load or
   * first render (no `window`, no map library): their build for Node runs in the gateway's process.
   * The others are drawn by the browser once the remote has loaded.
   */
  firstScreen: z.optional(z.array(z.string().check(z.startsWith('./')))),
});

export type RemoteDescription = z.infer<typeof remoteDescriptionSchema>;
export type WidgetPlacement = RemoteDescription['widgets'][number]['placement'];

/**
 * The placements a visitor who is not signed in sees (the others are a signed-in user's): the
 * gateway preloads the home page's remotes for these only, since it cannot see a session.
 */
export const WIDGET_PLACEMENTS_FOR_EVERYONE: readonly WidgetPlacement[] = ['start', 'banner'];
export type LocalizedText = z.infer<typeof localizedTextSchema>;

export const remoteEntrySchema = z.object({
  /** Alias used with `loadRemote('<name>/<expose>')`, e.g. `mf-order-flow`. */
  name: z.string().check(z.regex(/^mf-[a-z-]+$/)),
  /** The federation container name (a JavaScript identifier), e.g. `mf_order_flow`. */
  scope: z.string().check(z.regex(/^[A-Za-z_$][\w$]*$/)),
  /** URL of the remote's `mf-manifest.json` (absolute, or relative to the shell's origin). */
  manifest: z.string().check(z.minLength(1)),
  enabled: z.boolean(),
  /** The version `manifest` serves (operators' label, e.g. `1.4.0` or a commit). */
  version: z.optional(z.string().check(z.minLength(1))),
  /**
   * A gradual rollout: `percent` of visitors get this second version, the same visitor always the
   * same one (the gateway decides, sticky by a visitor cookie). Deleting it rolls back at once.
   */
  rollout: z.optional(
    z.object({
      version: z.string().check(z.minLength(1)),
      manifest: z.string().check(z.minLength(1)),
      percent: z.number().check(z.minimum(0), z.maximum(100)),
    }),
  ),
  /**
   * The version served before the last `point`/`promote` (since 2.4.0): what `npm run remotes --
   * rollback` returns to when no rollout is running.
   */
  previous: z.optional(
    z.object({ manifest: z.string().check(z.minLength(1)), version: z.optional(z.string().check(z.minLength(1))) }),
  ),
  /** Added by the gateway from the remote's published `remote.json`; absent when it cannot be read. */
  description: z.optional(remoteDescriptionSchema),
});

export const remotesFileSchema = z.object({
  environment: z.string().check(z.minLength(1)),
  /** When true the shell shows the maintenance page on every route. */
  maintenance: z._default(z.boolean(), false),
  remotes: z.array(remoteEntrySchema),
});

export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

/**
 * Every remote's federation entry is `remoteEntry.js` beside its `mf-manifest.json` (the build
 * preset names it so; the contracts check holds each built manifest to it). The shell loads the
 * entry itself, not the manifest: the federation runtime then needs neither the manifest request
 * nor its snapshot code (issue 18), and the gateway preloads the same URL.
 */
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

/** The entry of the remote whose manifest is at `manifestUrl` (relative URLs against `base`). */
export function remoteEntryUrlOf(manifestUrl: string, base: string): string {
  return new URL(REMOTE_ENTRY_FILE, new URL(manifestUrl, base)).toString();
}
export type RemotesFile = z.infer<typeof remotesFileSchema>;

/** The props every remote's `./App` receives from the shell. */
export interface RemoteAppProps {
  /** The remote's name, as in remotes.json. */
  name: string;
}
