import { Box, BRAND_COLORS, SIGNAL_COLORS, SimpleGrid, Stack, Text } from '@portal/shared-contracts/ui';
import {
  IconAlertTriangle,
  IconBuildingStore,
  IconCalculator,
  IconCheck,
  IconClock,
  IconMail,
  IconMapPin,
  IconPackage,
  IconSearch,
  IconTruckDelivery,
  IconUser,
  IconWorld,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { GuideSection } from './GuideSection';

/** The theme's heading sizes, shown as text so the page keeps one h1 and a clean outline. */
const TYPE_SCALE = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

export function TypographySection() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <GuideSection id="typography" title={t('styleGuide.typography.title')}>
      <Stack gap="xs">
        {TYPE_SCALE.map((level) => (
          <Text key={level} fz={level} fw={700} lh={1.25}>
            {level.toUpperCase()} · {t('styleGuide.typography.sample')}
          </Text>
        ))}
        <Text>{t('styleGuide.typography.body')}</Text>
        <Text size="sm" c="gray.7">
          {t('styleGuide.typography.caption')}
        </Text>
      </Stack>
    </GuideSection>
  );
}

const PALETTES = [
  { name: 'brand', shades: BRAND_COLORS },
  { name: 'signal', shades: SIGNAL_COLORS },
] as const;

export function PaletteSection() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <GuideSection id="palette" title={t('styleGuide.palette.title')}>
      <Stack gap="md">
        {PALETTES.map(({ name, shades }) => (
          <div key={name}>
            <Text fw={600} mb={4}>
              {t(`styleGuide.palette.${name}`)}
            </Text>
            <SimpleGrid cols={{ base: 5, sm: 10 }} spacing={4} component="ul" style={{ listStyle: 'none', padding: 0 }}>
              {shades.map((hex, shade) => (
                <Box component="li" key={hex}>
                  <Box h={40} bg={hex} style={{ borderRadius: 6, border: '1px solid rgba(0,0,0,.1)' }} />
                  <Text size="xs" ta="center">
                    {shade} {hex}
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
          </div>
        ))}
      </Stack>
    </GuideSection>
  );
}

/** Tabler icons, imported one by one (each bundle carries only the icons it uses). */
const ICONS = [
  ['package', IconPackage],
  ['letter', IconMail],
  ['courier', IconTruckDelivery],
  ['location', IconMapPin],
  ['postOffice', IconBuildingStore],
  ['world', IconWorld],
  ['search', IconSearch],
  ['calculator', IconCalculator],
  ['account', IconUser],
  ['hours', IconClock],
  ['done', IconCheck],
  ['warning', IconAlertTriangle],
] as const;

export function IconsSection() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <GuideSection id="icons" title={t('styleGuide.icons.title')}>
      <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="sm" component="ul" style={{ listStyle: 'none', padding: 0 }}>
        {ICONS.map(([key, Icon]) => (
          <Stack component="li" key={key} align="center" gap={4}>
            <Icon size={28} stroke={1.6} aria-hidden="true" color="var(--mantine-color-brand-7)" />
            <Text size="xs" ta="center">
              {t(`styleGuide.icons.${key}`)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </GuideSection>
  );
}
