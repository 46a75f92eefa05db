import { Link } from '@portal/shared-contracts/router';
import { Anchor, Box, Burger, Group, Text } from '@portal/shared-contracts/ui';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountArea } from '../auth/AccountArea';
import { BrandMark } from './BrandMark';
import { HeaderWidgets } from './HeaderWidgets';
import { LanguageSwitch } from './LanguageSwitch';
import { NavLinks } from './NavLinks';

const MobileMenu = lazy(() => import('./MobileMenu'));

interface Props {
  menuOpen: boolean;
  onToggleMenu: () => void;
  onCloseMenu: () => void;
}

export function Header({ menuOpen, onToggleMenu, onCloseMenu }: Props) {
  const { t } = useTranslation('shell');
  // Once opened, the menu stays mounted so that it can animate closed.
  const [menuLoaded, setMenuLoaded] = useState(false);
  if (menuOpen && !menuLoaded) setMenuLoaded(true);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={menuOpen}
          onClick={onToggleMenu}
          hiddenFrom="md"
          size="sm"
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
        />
        <Anchor
          component={Link}
          to="/"
          underline="never"
          c="inherit"
          onClick={onCloseMenu}
          aria-label={t('brand')}
          data-testid="brand"
        >
          <Group gap={8} wrap="nowrap">
            <BrandMark />
            <Text fw={800} size="lg" c="brand.8" lh={1} visibleFrom="xs" aria-hidden="true">
              {t('brand')}
            </Text>
          </Group>
        </Anchor>
      </Group>
      <Box component="nav" aria-label={t('nav.label')} visibleFrom="md">
        <Group gap="lg" wrap="nowrap">
          <NavLinks vertical={false} onNavigate={onCloseMenu} />
        </Group>
      </Box>
      <Group gap="xs" wrap="nowrap">
        <HeaderWidgets />
        <AccountArea />
        <LanguageSwitch />
      </Group>
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpen} onClose={onCloseMenu} />
        </Suspense>
      )}
    </Group>
  );
}
