import { Stack } from '@portal/shared-contracts/ui';
import { Drawer } from '@portal/shared-contracts/ui/overlays';
import { useTranslation } from 'react-i18next';
import { NavLinks } from './NavLinks';

/** The small-screen menu. Loaded on the first tap of the burger (it brings Mantine's overlay code). */
export default function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('brand')}
      size="xs"
      hiddenFrom="md"
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
    >
      <Stack component="nav" aria-label={t('nav.label')} gap={0}>
        <NavLinks vertical onNavigate={onClose} />
      </Stack>
    </Drawer>
  );
}
