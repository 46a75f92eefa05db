import { Outlet, useLocation } from '@portal/shared-contracts/router';
import { Alert, AppShell, Button, Container } from '@portal/shared-contracts/ui';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signIn, useSessionStore } from '../auth/session-store';
import { ConsentBanner } from '../consent/ConsentBanner';
import { MaintenancePage } from '../pages/MaintenancePage';
import { useRemotesStore } from '../remotes/remotes-store';
import { Footer } from './Footer';
import { Header } from './Header';
import { BannerWidgets } from './HeaderWidgets';
import { NotificationBanner } from './NotificationBanner';
import { useTopOnNavigation } from './use-top-on-navigation';

// Only signed-in visitors run the session watcher (and load its dialog).
const SessionWatcher = lazy(() => import('../auth/SessionWatcher'));

export function MainLayout() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [consentOpen, setConsentOpen] = useState(false);
  const remotesStatus = useRemotesStore((state) => state.status);
  const maintenance = useRemotesStore((state) => state.maintenance);
  const sessionStatus = useSessionStore((state) => state.status);
  const sessionExpired = useSessionStore((state) => state.expired);

  useTopOnNavigation(pathname, () => setMenuOpen(false));

  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <AppShell.Header>
        <Header
          menuOpen={menuOpen}
          onToggleMenu={() => setMenuOpen((open) => !open)}
          onCloseMenu={() => setMenuOpen(false)}
        />
      </AppShell.Header>
      <AppShell.Main>
        {/* At least the screen's height below the header: the footer starts below the fold, so a
            page whose remote arrives and grows moves nothing the visitor sees (issue 18, CLS). */}
        <Container size="lg" id="main" tabIndex={-1} py="lg" mih="calc(100svh - var(--app-shell-header-height, 60px))">
          {remotesStatus === 'unavailable' && (
            <Alert color="yellow" mb="md" role="status" data-testid="manifest-unavailable">
              {t('remoteUnavailable.manifest')}
            </Alert>
          )}
          {sessionExpired && (
            <Alert color="orange" mb="md" role="alert" data-testid="session-expired">
              {t('auth.expired')}{' '}
              <Button size="xs" variant="white" onClick={() => signIn()}>
                {t('auth.signInAgain')}
              </Button>
            </Alert>
          )}
          {!maintenance && <NotificationBanner />}
          {!maintenance && <BannerWidgets />}
          {maintenance ? <MaintenancePage /> : <Outlet />}
        </Container>
        <Footer onCookieSettings={() => setConsentOpen(true)} />
      </AppShell.Main>
      {sessionStatus === 'authenticated' && (
        <Suspense fallback={null}>
          <SessionWatcher />
        </Suspense>
      )}
      <ConsentBanner forceOpen={consentOpen} onClose={() => setConsentOpen(false)} />
    </AppShell>
  );
}
