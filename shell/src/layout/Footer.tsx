import { Link } from '@portal/shared-contracts/router';
import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './BrandMark';

/** SPEC §2: the static pages, linked from every page. */
const LINKS = [
  { to: '/terms', key: 'footer.terms' },
  { to: '/privacy-policy', key: 'footer.privacy' },
  { to: '/cookie-policy', key: 'footer.cookies' },
  { to: '/accessibility', key: 'footer.accessibility' },
  { to: '/prohibitions', key: 'footer.prohibitions' },
  { to: '/deadlines', key: 'footer.deadlines' },
  { to: '/faq', key: 'footer.faq' },
] as const;

/** SPEC §9 support hours: Mon–Fri 8:00–19:00, Sat 9:00–17:00, Sun closed. */
const SUPPORT_HOURS = [
  { day: 'weekdays', hours: '8:00–19:00' },
  { day: 'saturday', hours: '9:00–17:00' },
  { day: 'sunday', hours: null },
] as const;

const LIST_STYLE = { listStyle: 'none', padding: 0, margin: 0 } as const;

export function Footer({ onCookieSettings }: { onCookieSettings: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Box component="footer" aria-label={t('footer.label')} bg="brand.9" c="white" mt="xl" py="xl">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Group gap="xs" wrap="nowrap">
              <BrandMark size={28} />
              <Text fw={800}>{t('brand')}</Text>
            </Group>
            <Text size="sm">{t('brandTagline')}</Text>
          </Stack>
          <nav aria-labelledby="footer-information">
            <Title order={2} size="h6" id="footer-information" mb="xs">
              {t('footer.information')}
            </Title>
            <Stack component="ul" gap={6} style={LIST_STYLE}>
              {LINKS.map((link) => (
                <li key={link.to}>
                  <Anchor component={Link} to={link.to} size="sm" c="white">
                    {t(link.key)}
                  </Anchor>
                </li>
              ))}
              <li>
                <Anchor component="button" type="button" size="sm" c="white" onClick={onCookieSettings}>
                  {t('footer.cookieSettings')}
                </Anchor>
              </li>
            </Stack>
          </nav>
          <section aria-labelledby="footer-support" data-testid="support-hours">
            <Group gap={6} mb="xs" wrap="nowrap">
              <IconClock size={18} aria-hidden="true" />
              <Title order={2} size="h6" id="footer-support">
                {t('footer.support')}
              </Title>
            </Group>
            <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 16px' }}>
              {SUPPORT_HOURS.map(({ day, hours }) => (
                <Text key={day} component="div" size="sm" display="contents">
                  <dt>{t(`footer.supportDays.${day}`)}</dt>
                  <dd style={{ margin: 0 }}>{hours ?? t('footer.closed')}</dd>
                </Text>
              ))}
            </Box>
            <Text size="sm" mt="sm">
              {t('footer.supportHelp')}
            </Text>
          </section>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
