import { Button } from '@portal/shared-contracts/ui';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { signIn, useSessionStore } from './session-store';

// The user menu needs Mantine's Menu (overlays): only signed-in visitors load it.
const UserMenu = lazy(() => import('./UserMenu'));

/** The header's sign-in button, or the signed-in user's menu with the account switcher. */
export function AccountArea() {
  const { t } = useTranslation('shell');
  const status = useSessionStore((state) => state.status);
  if (status === 'loading') return null;
  if (status === 'anonymous') {
    return (
      <Button size="xs" variant="light" onClick={() => signIn()} data-testid="sign-in">
        {t('auth.signIn')}
      </Button>
    );
  }
  return (
    <Suspense fallback={null}>
      <UserMenu />
    </Suspense>
  );
}
