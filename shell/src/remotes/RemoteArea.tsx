import { remoteAreaId } from '@portal/shared-contracts';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Alert, Center, Loader } from '@portal/shared-contracts/ui';
import { memo, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserOnly } from '../browser/BrowserOnly';
import { AREA_ATTRIBUTE, areaTakenOver } from './held-interactions';
import { remoteComponent } from './load-remote-component';
import { failureReason, RemoteBoundary } from './RemoteBoundary';
import { localize } from './remote-catalogue';
import { useRemotesStore } from './remotes-store';
import { isInMarkup, serverModuleOf } from './server-areas';

interface Props {
  name: string;
  expose?: string;
  /** Widgets (home cards) take less room while loading and when unavailable. */
  variant?: 'page' | 'widget';
  /** The page's title from the remote's description: shown when the remote cannot be. */
  title?: string;
  /** Room kept while the remote loads (a widget's `minHeight`); otherwise a loader's. */
  minHeight?: number | undefined;
}

/**
 * Mounts one exposed module of a remote, contained by an error boundary. Memoised, and its tree
 * built once per props (issue 18): while the gateway's markup of the area waits for the remote's
 * code, a re-render of the page around it (the session becoming known) must not reach its Suspense
 * boundary, or React throws that markup away and draws the area again, its placeholder first.
 */
export const RemoteArea = memo(function RemoteArea({
  name,
  expose = './App',
  variant = 'page',
  title,
  minHeight,
}: Props) {
  const markFailed = useRemotesStore((state) => state.markFailed);
  const { events } = usePlatform();
  const ServerModule = serverModuleOf({ remote: name, expose });
  return useMemo(() => {
    const placeholder = (
      <Center mih={minHeight ?? (variant === 'page' ? 240 : 80)}>
        <Loader aria-label="…" />
      </Center>
    );
    const id = remoteAreaId({ remote: name, expose });
    const drawnByGateway = Boolean(ServerModule) || isInMarkup({ remote: name, expose });
    // Committed with the remote's module, or with the fallback when the remote failed: what was held
    // in the area is replayed (held-interactions.ts), or dropped with the markup it was made on.
    const takenOver = drawnByGateway && <TakenOver area={id} />;
    const remote = (
      <RemoteBoundary
        key={`${name}/${expose}`}
        name={name}
        fallback={
          <>
            <RemoteUnavailable name={name} variant={variant} title={title} />
            {takenOver}
          </>
        }
        onError={(failed, error) => {
          markFailed(failed);
          events.emit('remote:failed', { name: failed, reason: failureReason(error) });
        }}
      >
        <Suspense fallback={placeholder}>
          {ServerModule ? <ServerModule name={name} /> : <LoadedRemote name={name} expose={expose} />}
          {takenOver}
        </Suspense>
      </RemoteBoundary>
    );
    // Drawn on the server with the remote's module, or held by the page's markup: the same tree on
    // both sides, and React keeps the markup while the remote's code loads (the lazy module suspends
    // inside the boundary); what the visitor does there meanwhile is held (held-interactions.ts),
    // found by the element around it, which takes no room of its own. Otherwise the server and
    // hydration draw the placeholder.
    if (drawnByGateway)
      return (
        <div {...{ [AREA_ATTRIBUTE]: id }} style={{ display: 'contents' }}>
          {remote}
        </div>
      );
    return <BrowserOnly fallback={placeholder}>{remote}</BrowserOnly>;
  }, [name, expose, variant, title, minHeight, markFailed, events, ServerModule]);
});

/**
 * Commits with the remote's module (a sibling inside the same Suspense boundary): its effect runs
 * once React dispatches events to the area's content, which is when what was held there is replayed.
 */
function TakenOver({ area }: { area: string }) {
  useEffect(() => {
    const element = [...document.querySelectorAll(`[${AREA_ATTRIBUTE}]`)].find(
      (candidate) => candidate.getAttribute(AREA_ATTRIBUTE) === area,
    );
    areaTakenOver(element ?? null);
  }, [area]);
  return null;
}

/** The remote's module through the federation runtime (in the browser only). */
function LoadedRemote({ name, expose }: { name: string; expose: string }) {
  const Remote = remoteComponent(name, expose);
  return <Remote name={name} />;
}

/**
 * A remote's area that cannot be shown. On a page, the title the remote's description gives the
 * route is the heading (and the browser tab's title), so the visitor still knows where they are.
 */
export function RemoteUnavailable({
  name,
  variant = 'page',
  title,
}: {
  name: string;
  variant?: 'page' | 'widget';
  title?: string | undefined;
}) {
  const { t, i18n } = useTranslation('shell');
  // The remote's own words when its description reached the shell.
  const own = useRemotesStore(
    (state) => state.remotes.find((remote) => remote.name === name)?.description?.unavailable,
  );
  const alert = (
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
  if (variant !== 'page' || !title) return alert;
  return (
    <>
      <PageHeading>{title}</PageHeading>
      {alert}
    </>
  );
}
