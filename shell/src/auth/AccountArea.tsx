import { Button, Group, Text } from '@portal/shared-contracts/ui';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../i18n/i18n';
import { signIn, useSessionStore } from './session-store';

// The user menu needs Mantine's Menu (overlays): only signed-in visitors load it.
const UserMenu = lazy(() => import('./UserMenu'));

/** The header's sign-in button, or the signed-in user's menu with the account switcher. */
export function AccountArea() {
  const { t } = useTranslation('shell');
  const status = useSessionStore((state) => state.status);
  const refused = useSessionStore((state) => state.refused);
  if (status === 'loading') {
    // The sign-in button's room is kept while the session is checked (and in the gateway's
    // markup): the header's navigation sits between its two sides and moved by that width when the
    // button appeared, so an early tap on a link could land beside it (lost on slow phones).
    return (
      <Button size="xs" variant="light" style={{ visibility: 'hidden' }} data-testid="sign-in-room">
        {t('auth.signIn')}
      </Button>
    );
  }
  if (status === 'anonymous') {
    return (
      <Group gap="xs" wrap="nowrap">
        {refused && (
          <Text size="xs" c="red.8" role="alert" data-testid="sign-in-refused">
            {translateServerMessage(refused)}
          </Text>
        )}
        <Button size="xs" variant="light" onClick={() => signIn()} data-testid="sign-in">
          {t('auth.signIn')}
        </Button>
      </Group>
    );
  }
  return (
    <Suspense fallback={null}>
      <UserMenu />
    </Suspense>
  );
}
