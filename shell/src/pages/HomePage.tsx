import { Link } from '@portal/shared-contracts/router';
import { Anchor, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { hasStoredSession } from '../auth/auth-config';
import { useSessionStore } from '../auth/session-store';
import { RemoteArea } from '../remotes/RemoteArea';
import { type HomeWidget, homeWidgets } from '../remotes/remote-catalogue';
import { useRemotesStore } from '../remotes/remotes-store';
import { AdvertsSection } from './home/AdvertsSection';
import { Hero } from './home/Hero';
import { NewsSection } from './home/NewsSection';

const SERVICE_CARDS = [
  { key: 'calculator', to: '/tariff-calculator' },
  { key: 'network', to: '/postal-network' },
  { key: 'help', to: '/faq' },
] as const;

/** Room kept for a list widget while it loads, so the page below does not jump. */
const LIST_MIN_HEIGHT = 160;

/**
 * SPEC §2 home: send and tracking cards, the signed-in user's recent orders, a company's
 * all-shipments list, news cards and the service cards. Sections with headings, in this order.
 */
export function HomePage() {
  const { t } = useTranslation('shell');
  const remotes = useRemotesStore((state) => state.remotes);
  const status = useSessionStore((state) => state.status);
  const config = useSessionStore((state) => state.config);
  const activeAccount = useSessionStore((state) => state.activeAccount);
  // Home widgets are the remotes' own (their descriptions) and load after the shell's first paint.
  // Signed-in lists (SPEC §2): the user's recent orders; a company's shipments by all its users.
  const startWidgets = useMemo(() => homeWidgets(remotes, 'start'), [remotes]);
  const signedInWidgets = homeWidgets(remotes, 'signed-in');
  const companyWidgets = homeWidgets(remotes, 'company');
  // A visitor coming back signed in: keep the lists' room while the session loads.
  const signingIn = status === 'loading' && config !== null && hasStoredSession(config);
  const signedIn = status === 'authenticated';
  return (
    <>
      <Hero />
      <StartWidgets widgets={startWidgets} />
      {signingIn && signedInWidgets.map((widget) => <ListPlaceholder key={`${widget.remote}${widget.expose}`} />)}
      {signedIn &&
        signedInWidgets.map((widget) => <ListWidget key={`${widget.remote}${widget.expose}`} widget={widget} />)}
      {signedIn &&
        activeAccount?.type === 'company' &&
        companyWidgets.map((widget) => <ListWidget key={`${widget.remote}${widget.expose}`} widget={widget} />)}
      <Stack mb="xl">
        <NewsSection />
      </Stack>
      <section aria-labelledby="services-title">
        <Title order={2} size="h3" mb="sm" id="services-title">
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
      </section>
      <Stack mt="xl">
        <AdvertsSection />
      </Stack>
    </>
  );
}

/**
 * The first cards, which the gateway draws with their remotes' code. Memoised: the page re-renders
 * when the session becomes known, and a card re-rendered then (Mantine's card gives its content a
 * new context value) makes React throw away its markup while the remote's code is still on its way.
 */
const StartWidgets = memo(function StartWidgets({ widgets }: { widgets: HomeWidget[] }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} mb="xl">
      {widgets.map(({ remote, expose, minHeight }) => (
        <Card key={`${remote}${expose}`} withBorder padding="lg">
          <RemoteArea name={remote} expose={expose} variant="widget" minHeight={minHeight} />
        </Card>
      ))}
    </SimpleGrid>
  );
});

function ListWidget({ widget }: { widget: HomeWidget }) {
  return (
    <Card withBorder padding="lg" mb="xl" mih={LIST_MIN_HEIGHT}>
      <RemoteArea name={widget.remote} expose={widget.expose} variant="widget" />
    </Card>
  );
}

function ListPlaceholder() {
  return (
    <Card withBorder padding="lg" mb="xl" mih={LIST_MIN_HEIGHT} aria-hidden="true">
      <Skeleton height={24} width="40%" mb="md" />
      <Stack gap="xs">
        <Skeleton height={28} />
        <Skeleton height={28} />
        <Skeleton height={28} />
      </Stack>
    </Card>
  );
}
