import { Link } from '@portal/shared-contracts/router';
import { Anchor, Box, Group, Text } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';

const LINKS = [
  { to: '/terms', key: 'footer.terms' },
  { to: '/privacy-policy', key: 'footer.privacy' },
  { to: '/cookie-policy', key: 'footer.cookies' },
  { to: '/accessibility', key: 'footer.accessibility' },
  { to: '/prohibitions', key: 'footer.prohibitions' },
] as const;

export function Footer({ onCookieSettings }: { onCookieSettings: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Box component="footer" aria-label={t('footer.label')} py="lg" px="md" bg="gray.1" mt="xl">
      <Group gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {LINKS.map((link) => (
          <li key={link.to}>
            <Anchor component={Link} to={link.to} size="sm" c="gray.9">
              {t(link.key)}
            </Anchor>
          </li>
        ))}
        <li>
          <Anchor component="button" type="button" size="sm" c="gray.9" onClick={onCookieSettings}>
            {t('footer.cookieSettings')}
          </Anchor>
        </li>
      </Group>
      <Text size="sm" mt="sm" c="gray.8">
        {t('footer.supportHours')}
      </Text>
    </Box>
  );
}
