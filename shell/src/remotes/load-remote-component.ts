import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteAppProps } from '@portal/shared-contracts';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type RemoteComponent = LazyExoticComponent<ComponentType<RemoteAppProps>>;

const cache = new Map<string, RemoteComponent>();

/**
 * A React.lazy component for `<remote>/<expose>`, created once per module so that
 * re-renders do not re-fetch. A failed load rejects, and the error boundary around
 * the remote area shows the "temporarily unavailable" message.
 */
export function remoteComponent(remote: string, expose: string): RemoteComponent {
  const id = `${remote}/${expose.replace(/^\.\//, '')}`;
  const cached = cache.get(id);
  if (cached) return cached;
  const component = lazy(async () => {
    const module = await loadRemote<{ default: ComponentType<RemoteAppProps> }>(id);
    if (!module?.default) throw new Error(`remote module ${id} has no default export`);
    return module;
  });
  cache.set(id, component);
  return component;
}
