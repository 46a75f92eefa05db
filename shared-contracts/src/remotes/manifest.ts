import * as z from 'zod/mini';

/**
 * The per-environment list of remotes the shell loads at run time
 * (`infra/environments/<env>/remotes.json`, served as `/remotes.json`).
 * Operators switch a remote off or re-point it by editing that file: no rebuild.
 */
export const remoteEntrySchema = z.object({
  /** Alias used with `loadRemote('<name>/<expose>')`, e.g. `mf-order-flow`. */
  name: z.string().check(z.regex(/^mf-[a-z-]+$/)),
  /** The federation container name (a JavaScript identifier), e.g. `mf_order_flow`. */
  scope: z.string().check(z.regex(/^[A-Za-z_$][\w$]*$/)),
  /** URL of the remote's `mf-manifest.json` (absolute, or relative to the shell's origin). */
  manifest: z.string().check(z.minLength(1)),
  /** Route patterns the remote owns, in react-router syntax (`/orders/*`). */
  paths: z._default(z.array(z.string().check(z.startsWith('/'))), []),
  enabled: z.boolean(),
  /** Exposed widgets the home page may mount (`./TrackingCard`). */
  widgets: z._default(z.array(z.string().check(z.startsWith('./'))), []),
});

export const remotesFileSchema = z.object({
  environment: z.string().check(z.minLength(1)),
  /** When true the shell shows the maintenance page on every route. */
  maintenance: z._default(z.boolean(), false),
  remotes: z.array(remoteEntrySchema),
});

export type RemoteEntry = z.infer<typeof remoteEntrySchema>;
export type RemotesFile = z.infer<typeof remotesFileSchema>;

/** The props every remote's `./App` receives from the shell. */
export interface RemoteAppProps {
  /** The remote's name, as in remotes.json. */
  name: string;
}
