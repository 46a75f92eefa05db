import { Link } from '@portal/shared-contracts/router';
import { Anchor, Card, SimpleGrid, Text, Title } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';
import { RemoteArea } from '../remotes/RemoteArea';
import { useRemotesStore } from '../remotes/remotes-store';
import { Hero } from './home/Hero';

const SERVICE_CARDS = [
  { key: 'calculator', to: '/tariff-calculator' },
  { key: 'network', to: '/postal-network' },
  { key: 'help', to: '/faq' },
] as const;

/** Home widgets come from remotes and load after the shell's first paint. */
const HOME_WIDGETS = [
  { remote: 'mf-order-flow', expose: './HomeOrderCard' },
  { remote: 'mf-tracking', expose: './TrackingCard' },
] as const;

export function HomePage() {
  const { t } = useTranslation('shell');
  const remotes = useRemotesStore((state) => state.remotes);
  const widgets = HOME_WIDGETS.filter(({ remote, expose }) =>
    remotes.some((entry) => entry.name === remote && entry.enabled && entry.widgets.includes(expose)),
  );
  return (
    <>
      <Hero />
      <SimpleGrid cols={{ base: 1, md: 2 }} mb="xl">
        {widgets.map(({ remote, expose }) => (
          <Card key={remote} withBorder padding="lg">
            <RemoteArea name={remote} expose={expose} variant="widget" />
          </Card>
        ))}
      </SimpleGrid>
      <Title order={2} size="h3" mb="sm">
        {t('home.servicesTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {SERVICE_CARDS.map((card) => (
          <Card key={card.key} withBorder padding="lg" component="section" aria-labelledby={`card-${card.key}`}>
            <Title order={3} size="h4" id={`card-${card.key}`}>
              {t(`home.cards.${card.key}.title`)}
            </Title>
            <Text size="sm" my="sm">
              {t(`home.cards.${card.key}.text`)}
            </Text>
            <Anchor component={Link} to={card.to} size="sm">
              {t(`home.cards.${card.key}.link`)}
            </Anchor>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
