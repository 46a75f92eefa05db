import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteAppProps } from '@portal/shared-contracts';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type LazyRemote<P extends object> = LazyExoticComponent<ComponentType<P>>;
type RemoteModule = { default: ComponentType<object> };

const cache = new Map<string, LazyRemote<object>>();
/** Each module's load, asked for once. */
const loads = new Map<string, Promise<RemoteModule>>();
/** Modules that have arrived. */
const arrived = new Map<string, RemoteModule>();

const idOf = (remote: string, expose: string) => `${remote}/${expose.replace(/^\.\//, '')}`;

function load(id: string): Promise<RemoteModule> {
  const known = loads.get(id);
  if (known) return known;
  const started = loadRemote<RemoteModule>(id).then((module) => {
    if (!module?.default) throw new Error(`remote module ${id} has no default export`);
    arrived.set(id, module);
    return module;
  });
  loads.set(id, started);
  return started;
}

/**
 * A React.lazy component for `<remote>/<expose>`, created once per module so that
 * re-renders do not re-fetch. A failed load rejects, and the error boundary around
 * the remote area shows the "temporarily unavailable" message.
 */
export function remoteComponent<P extends object = RemoteAppProps>(remote: string, expose: string): LazyRemote<P> {
  const id = idOf(remote, expose);
  const cached = cache.get(id);
  if (cached) return cached as LazyRemote<P>;
  const component = lazy(() => {
    // A module that has arrived (preloadRemoteComponent) is handed over at once: React.lazy takes a
    // thenable that settles while it is called as rendered, and the first render does not suspend.
    const module = arrived.get(id);
    // biome-ignore lint/suspicious/noThenProperty: React.lazy takes a thenable; this one settles at once
    if (module) return { then: (resolve: (value: RemoteModule) => void) => resolve(module) } as Promise<RemoteModule>;
    return load(id);
  });
  cache.set(id, component as LazyRemote<object>);
  return component as unknown as LazyRemote<P>;
}

/**
 * Loads the module before it is rendered; settles (never rejects) once it has arrived or failed.
 * The page's markup from the gateway is then taken over in one pass (issue 18): its remote areas
 * render at once instead of waiting as server markup, which an update reaching them meanwhile
 * would make React throw away.
 */
export function preloadRemoteComponent(remote: string, expose: string): Promise<void> {
  return load(idOf(remote, expose)).then(
    () => undefined,
    () => undefined,
  );
}

// Keeps the shared entries the shell does not render in its build, so it provides them (see the file).
export { PROVIDED_TO_REMOTES } from './provided-entries';
