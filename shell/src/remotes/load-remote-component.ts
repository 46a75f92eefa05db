import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteAppProps } from '@portal/shared-contracts';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type LazyRemote<P extends object> = LazyExoticComponent<ComponentType<P>>;

const cache = new Map<string, LazyRemote<object>>();

/**
 * A React.lazy component for `<remote>/<expose>`, created once per module so that
 * re-renders do not re-fetch. A failed load rejects, and the error boundary around
 * the remote area shows the "temporarily unavailable" message.
 */
export function remoteComponent<P extends object = RemoteAppProps>(remote: string, expose: string): LazyRemote<P> {
  const id = `${remote}/${expose.replace(/^\.\//, '')}`;
  const cached = cache.get(id);
  if (cached) return cached as LazyRemote<P>;
  const component = lazy(async () => {
    const module = await loadRemote<{ default: ComponentType<P> }>(id);
    if (!module?.default) throw new Error(`remote module ${id} has no default export`);
    return module;
  });
  cache.set(id, component as LazyRemote<object>);
  return component;
}

// Keeps the shared entries the shell does not render in its build, so it provides them (see the file).
export { PROVIDED_TO_REMOTES } from './provided-entries';
