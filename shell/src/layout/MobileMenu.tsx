import { Group, Stack, Text } from '@portal/shared-contracts/ui';
import { Drawer } from '@portal/shared-contracts/ui/overlays';
import {
  IconAddressBook,
  IconCalculator,
  IconHelp,
  IconListDetails,
  IconMapPin,
  IconPackage,
  IconSearch,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './BrandMark';
import { NavLinks } from './NavLinks';

/** One icon per navigation entry of route-table.ts (an entry without one shows text only). */
const ICONS: Record<string, typeof IconPackage> = {
  '/orders/parcel': IconPackage,
  '/track': IconSearch,
  '/tariff-calculator': IconCalculator,
  '/postal-network': IconMapPin,
  '/my-orders': IconListDetails,
  '/address-book': IconAddressBook,
  '/faq': IconHelp,
};

function iconOf(to: string) {
  const Icon = ICONS[to];
  return Icon ? <Icon size={22} stroke={1.7} aria-hidden="true" color="var(--mantine-color-brand-7)" /> : null;
}

/** The small-screen menu. Loaded on the first tap of the burger (it brings Mantine's overlay code). */
export default function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={
        <Group gap={8} wrap="nowrap">
          <BrandMark size={28} />
          <Text fw={800} c="brand.8">
            {t('brand')}
          </Text>
        </Group>
      }
      size="xs"
      hiddenFrom="md"
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
    >
      <Stack component="nav" aria-label={t('nav.label')} gap={0}>
        <NavLinks vertical onNavigate={onClose} iconOf={iconOf} />
      </Stack>
    </Drawer>
  );
}
