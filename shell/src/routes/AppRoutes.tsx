import { Route, Routes, useLocation } from '@portal/shared-contracts/router';
import { Center, Loader } from '@portal/shared-contracts/ui';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { signIn, useSessionStore } from '../auth/session-store';
import { BrowserOnly } from '../browser/BrowserOnly';
import { MainLayout } from '../layout/MainLayout';
import { AccessDeniedPage } from '../pages/AccessDeniedPage';
import { HomePage } from '../pages/HomePage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { STATIC_PAGES, StaticPage } from '../pages/StaticPage';
import { RemoteArea, RemoteUnavailable } from '../remotes/RemoteArea';
import { localize } from '../remotes/remote-catalogue';
import { useRemotesStore } from '../remotes/remotes-store';
import { routeAccess } from './route-access';
import { ownerOfPath, routeForPath } from './route-owner';

// The table demo page loads when opened: Mantine's Table is kept off the first screen (issue 18).
const TablePage = lazy(() => import('../pages/TablePage').then((page) => ({ default: page.TablePage })));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<MainLayout />}>
        <Route index element={<HomePage />} />
        {STATIC_PAGES.map((page) => (
          <Route
            key={page.path}
            path={page.path}
            element={<StaticPage cmsKey={page.path} titleKey={page.titleKey} />}
          />
        ))}
        <Route
          path="table"
          element={
            <BrowserOnly fallback={<PageLoading />}>
              <Suspense fallback={<PageLoading />}>
                <TablePage />
              </Suspense>
            </BrowserOnly>
          }
        />
        <Route path="*" element={<RemoteOrNotFound />} />
      </Route>
    </Routes>
  );
}

/** Any other path: the remote that owns it (remotes.json), its "unavailable" message, or not found. */
function RemoteOrNotFound() {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const status = useRemotesStore((state) => state.status);
  const remotes = useRemotesStore((state) => state.remotes);
  const failed = useRemotesStore((state) => state.failed);
  const sessionStatus = useSessionStore((state) => state.status);
  const user = useSessionStore((state) => state.user);
  const access = routeAccess(routeForPath(pathname, remotes), sessionStatus, user, pathname);
  // SPEC §2: login-required routes send anonymous visitors to sign in, and back here afterwards.
  useEffect(() => {
    if (access === 'sign-in') signIn();
  }, [access]);
  if (status === 'loading' || access === 'wait' || access === 'sign-in') return <PageLoading />;
  // Admin routes: an ordinary user never gets the back office's remote (SPEC §2).
  if (access === 'denied') return <AccessDeniedPage />;
  const owner = ownerOfPath(pathname, remotes);
  // The page's title in the owning remote's own words, for when the remote cannot show it.
  const described = routeForPath(pathname, remotes)?.title;
  const title = described ? localize(described, i18n.language) : undefined;
  switch (owner.kind) {
    case 'remote':
      return failed[owner.remote.name] ? (
        <RemoteUnavailable name={owner.remote.name} title={title} />
      ) : (
        <RemoteArea name={owner.remote.name} title={title} />
      );
    case 'unavailable':
      return <RemoteUnavailable name={owner.name} title={title} />;
    case 'none':
      // No remotes file: the path may well be a remote's, so not "not found" (the shell knows no remote).
      return status === 'unavailable' ? <RemoteUnavailable name="portal" /> : <NotFoundPage />;
  }
}

/** A page's area while what it shows is still on its way. */
function PageLoading() {
  return (
    <Center mih={240}>
      <Loader aria-label="…" />
    </Center>
  );
}
