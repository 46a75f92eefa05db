import { usePlatform } from '@portal/shared-contracts/react';
import { Suspense } from 'react';
import { useSessionStore } from '../auth/session-store';
import { remoteComponent } from '../remotes/load-remote-component';
import { failureReason, RemoteBoundary } from '../remotes/RemoteBoundary';
import { homeWidgets } from '../remotes/remote-catalogue';
import { useRemotesStore } from '../remotes/remotes-store';

/**
 * The header's widgets (placement `header` in a remote's description, e.g. an unread count), for a
 * signed-in user. The shell knows no remote: it mounts what the environment's remotes describe.
 * A widget that loads or fails shows nothing: the header never holds an error box or a spinner.
 */
export function HeaderWidgets() {
  const signedIn = useSessionStore((state) => state.status === 'authenticated');
  return signedIn ? <QuietWidgets placement="header" /> : null;
}

/** The `banner` widgets (e.g. the post's notification banner) above every page, for everyone. */
export function BannerWidgets() {
  return <QuietWidgets placement="banner" />;
}

function QuietWidgets({ placement }: { placement: 'header' | 'banner' }) {
  const remotes = useRemotesStore((state) => state.remotes);
  return (
    <>
      {homeWidgets(remotes, placement).map(({ remote, expose }) => (
        <QuietWidget key={`${remote}${expose}`} name={remote} expose={expose} />
      ))}
    </>
  );
}

function QuietWidget({ name, expose }: { name: string; expose: string }) {
  const markFailed = useRemotesStore((state) => state.markFailed);
  const { events } = usePlatform();
  const Widget = remoteComponent(name, expose);
  return (
    <RemoteBoundary
      name={name}
      fallback={null}
      onError={(failed, error) => {
        markFailed(failed);
        events.emit('remote:failed', { name: failed, reason: failureReason(error) });
      }}
    >
      <Suspense fallback={null}>
        <Widget name={name} />
      </Suspense>
    </RemoteBoundary>
  );
}
