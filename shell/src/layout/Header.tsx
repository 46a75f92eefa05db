import { Anchor, Box, Burger, Drawer, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { LanguageSwitch } from './LanguageSwitch';
import { useVisibleNav } from './use-visible-nav';

interface Props {
  menuOpen: boolean;
  onToggleMenu: () => void;
  onCloseMenu: () => void;
}

export function Header({ menuOpen, onToggleMenu, onCloseMenu }: Props) {
  const { t } = useTranslation('shell');
  const items = useVisibleNav();
  const links = (vertical: boolean) =>
    items.map((item) => (
      <Anchor
        key={item.to}
        component={NavLink}
        to={item.to}
        onClick={onCloseMenu}
        fw={500}
        size="sm"
        c="inherit"
        py={vertical ? 'xs' : 0}
        data-owner={item.owner}
      >
        {t(item.labelKey)}
      </Anchor>
    ));
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
        <Anchor component={Link} to="/" underline="never" c="inherit" onClick={onCloseMenu}>
          <Text fw={800} size="lg" c="blue.8">
            {t('brand')}
          </Text>
        </Anchor>
      </Group>
      <Box component="nav" aria-label={t('nav.label')} visibleFrom="md">
        <Group gap="lg" wrap="nowrap">
          {links(false)}
        </Group>
      </Box>
      <LanguageSwitch />
      <Drawer
        opened={menuOpen}
        onClose={onCloseMenu}
        title={t('brand')}
        size="xs"
        hiddenFrom="md"
        closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      >
        <Stack component="nav" aria-label={t('nav.label')} gap={0}>
          {links(true)}
        </Stack>
      </Drawer>
    </Group>
  );
}
