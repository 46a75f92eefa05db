import { PageHeading } from '@portal/shared-contracts/react';
import { Box, Group, List, Paper, Text, ThemeIcon } from '@portal/shared-contracts/ui';
import { IconMapPin, IconTruckDelivery, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
// An image file, not inline JSX: the drawing costs the home page's JavaScript nothing.
import heroUrl from '../../assets/hero.svg';

const POINTS = [
  { key: 'domestic', Icon: IconTruckDelivery },
  { key: 'network', Icon: IconMapPin },
  { key: 'world', Icon: IconWorld },
] as const;

/** The top of the home page: its heading, what the portal does, and the portal's illustration. */
export function Hero() {
  const { t } = useTranslation('shell');
  return (
    <Paper component="section" bg="brand.0" radius="lg" p={{ base: 'md', sm: 'xl' }} mb="xl" data-testid="home-hero">
      <Group justify="space-between" align="center" wrap="nowrap" gap="xl">
        <Box maw={620}>
          <PageHeading>{t('pages.home')}</PageHeading>
          <Text size="lg" mb="md">
            {t('home.intro')}
          </Text>
          <List spacing="xs" center>
            {POINTS.map(({ key, Icon }) => (
              <List.Item
                key={key}
                icon={
                  <ThemeIcon size={28} radius="xl" color="brand.7" aria-hidden="true">
                    <Icon size={16} stroke={2} />
                  </ThemeIcon>
                }
              >
                {t(`home.hero.points.${key}`)}
              </List.Item>
            ))}
          </List>
        </Box>
        <Box visibleFrom="sm" style={{ flexShrink: 0 }}>
          <img src={heroUrl} alt="" width={300} height={200} style={{ display: 'block', maxWidth: '100%' }} />
        </Box>
      </Group>
    </Paper>
  );
}
