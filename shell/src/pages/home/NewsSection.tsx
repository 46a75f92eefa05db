import { type NewsItem, toDisplayDate } from '@portal/shared-contracts';
import { usePlatform } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Alert, Anchor, Card, SimpleGrid, Skeleton, Text, Title } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';
import { type PublicQuery, usePublicQuery } from '../../boot/public-queries';

/** The cards the home page shows (GET /api/public/news answers the newest first). */
export const NEWS_CARDS = 3;
const PLACEHOLDERS = ['first', 'second', 'third'] as const;

/**
 * The newest news, both languages in each: the public twin for everyone (the same signed in or
 * not). The home page's first screen is drawn with them (server/first-screen-queries.ts).
 */
export const NEWS_QUERY: PublicQuery<'/api/public/news'> = {
  queryKey: ['news', NEWS_CARDS],
  path: '/api/public/news',
  query: { itemsPerPage: NEWS_CARDS },
  staleTime: 5 * 60_000,
};

/**
 * SPEC §2 home: news cards (CMS blocks of kind `news`) in the visitor's language; skeleton cards
 * while loading where the page came without them.
 */
export function NewsSection() {
  const { t } = useTranslation('shell');
  const { locale } = usePlatform();
  const news = usePublicQuery(NEWS_QUERY);
  // No news is no section, once they are known to be none.
  if (news.isSuccess && news.data['hydra:member'].length === 0) return null;
  return (
    <section aria-labelledby="news-title" data-testid="news">
      <Title order={2} size="h3" mb="sm" id="news-title">
        {t('home.newsTitle')}
      </Title>
      {news.isError ? (
        <Alert color="yellow" role="status">
          {t('home.newsFailed')}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: NEWS_CARDS }}>
          {news.isPending
            ? PLACEHOLDERS.map((placeholder) => (
                <Card key={placeholder} withBorder padding="lg" aria-hidden="true">
                  <Skeleton height={14} width="40%" mb="sm" />
                  <Skeleton height={20} mb="sm" />
                  <Skeleton height={60} />
                </Card>
              ))
            : news.data['hydra:member'].map((item) => <NewsCard key={item.id} item={item} lv={locale === 'lv'} />)}
        </SimpleGrid>
      )}
    </section>
  );
}

function NewsCard({ item, lv }: { item: NewsItem; lv: boolean }) {
  const { t } = useTranslation('shell');
  const titleId = `news-${item.id}`;
  return (
    <Card withBorder padding="lg" component="article" aria-labelledby={titleId} data-testid="news-card">
      <Text size="xs" component="time" dateTime={item.publishedAt}>
        {toDisplayDate(item.publishedAt)}
      </Text>
      <Title order={3} size="h4" id={titleId} my="xs">
        {lv ? item.titleLv : item.title}
      </Title>
      <Text
        size="sm"
        component="div"
        className="card-cms"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the API renders the news block's Markdown and sanitises it to a closed list of tags (api/src/modules/cms/markdown.ts)
        dangerouslySetInnerHTML={{ __html: lv ? item.htmlLv : item.html }}
      />
      {item.link?.startsWith('/') && (
        <Anchor component={Link} to={item.link} size="sm" mt="sm" aria-describedby={titleId}>
          {t('home.newsMore')}
        </Anchor>
      )}
    </Card>
  );
}
