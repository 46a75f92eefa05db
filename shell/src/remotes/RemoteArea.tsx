import { usePlatform } from '@portal/shared-contracts/react';
import { Alert, Center, Loader } from '@portal/shared-contracts/ui';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { remoteComponent } from './load-remote-component';
import { RemoteBoundary } from './RemoteBoundary';
import { localize } from './remote-catalogue';
import { useRemotesStore } from './remotes-store';

interface Props {
  name: string;
  expose?: string;
  /** Widgets (home cards) take less room while loading and when unavailable. */
  variant?: 'page' | 'widget';
}

/** Mounts one exposed module of a remote, contained by an error boundary. */
export function RemoteArea({ name, expose = './App', variant = 'page' }: Props) {
  const markFailed = useRemotesStore((state) => state.markFailed);
  const { events } = usePlatform();
  const Remote = remoteComponent(name, expose);
  return (
    <RemoteBoundary
      key={`${name}/${expose}`}
      name={name}
      fallback={<RemoteUnavailable name={name} variant={variant} />}
      onError={(failed) => {
        markFailed(failed);
        events.emit('remote:failed', { name: failed });
      }}
    >
      <Suspense
        fallback={
          <Center mih={variant === 'page' ? 240 : 80}>
            <Loader aria-label="…" />
          </Center>
        }
      >
        <Remote name={name} />
      </Suspense>
    </RemoteBoundary>
  );
}

export function RemoteUnavailable({ name, variant = 'page' }: { name: string; variant?: 'page' | 'widget' }) {
  const { t, i18n } = useTranslation('shell');
  // The remote's own words when its description reached the shell.
  const own = useRemotesStore(
    (state) => state.remotes.find((remote) => remote.name === name)?.description?.unavailable,
  );
  return (
    <Alert
      color="yellow"
      title={t('remoteUnavailable.title')}
      data-testid={`remote-unavailable-${name}`}
      role="status"
      my={variant === 'page' ? 'xl' : 0}
    >
      {own ? localize(own, i18n.language) : t('remoteUnavailable.generic')}
    </Alert>
  );
}
