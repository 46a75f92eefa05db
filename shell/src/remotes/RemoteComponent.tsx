import type { RemoteComponentProps } from '@portal/shared-contracts/react';
import { usePlatform } from '@portal/shared-contracts/react';
import { Center, Loader } from '@portal/shared-contracts/ui';
import { type ComponentType, Suspense } from 'react';
import { BrowserOnly } from '../browser/BrowserOnly';
import { remoteComponent } from './load-remote-component';
import { failureReason, RemoteBoundary } from './RemoteBoundary';
import { useRemotesStore } from './remotes-store';

/**
 * `platform.RemoteComponent`: one remote mounting another remote's exposed component (the order
 * flow shows `mf-map/LocationPicker`). Same containment as a remote's page area: a remote that
 * is switched off, cannot be fetched or crashes shows the caller's `fallback` and is reported
 * like any failed remote, so its navigation entries hide too.
 */
export function RemoteComponent<P extends object>({
  remote,
  expose,
  props,
  fallback,
  loading,
}: RemoteComponentProps<P>) {
  const usable = useRemotesStore((state) => state.status === 'ready' && state.isUsable(remote));
  const markFailed = useRemotesStore((state) => state.markFailed);
  const { events } = usePlatform();
  if (!usable) return <>{fallback}</>;
  // A cast rather than a generic call: the module's props are whatever the caller says they are.
  const Remote = remoteComponent<P>(remote, expose) as unknown as ComponentType<P>;
  const whileLoading = loading ?? (
    <Center mih={80}>
      <Loader aria-label="…" />
    </Center>
  );
  // A remote inside another remote's area is loaded by the browser only: in the first screen the
  // gateway renders, it is its loading placeholder.
  return (
    <BrowserOnly fallback={whileLoading}>
      <RemoteBoundary
        key={`${remote}/${expose}`}
        name={remote}
        fallback={fallback}
        onError={(failed, error) => {
          markFailed(failed);
          events.emit('remote:failed', { name: failed, reason: failureReason(error) });
        }}
      >
        <Suspense fallback={whileLoading}>
          <Remote {...props} />
        </Suspense>
      </RemoteBoundary>
    </BrowserOnly>
  );
}
