import type { Locale } from '@portal/shared-contracts';
import { usePlatform } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Anchor, Card, SimpleGrid, Text, Title } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';
import { type PublicQuery, usePublicQuery } from '../../boot/public-queries';

/** At most this many adverts at once: the home page stays a service page, not a billboard. */
export const MAX_ADVERTS = 3;

/** The adverts showing now, in one language. The home page's first screen is drawn with them. */
export function advertsQuery(locale: Locale): PublicQuery<'/api/public/cms_blocks'> {
  return {
    queryKey: ['cms-blocks', 'advert', locale],
    path: '/api/public/cms_blocks',
    query: { kind: 'advert', itemsPerPage: MAX_ADVERTS },
    staleTime: 5 * 60_000,
  };
}

/**
 * The home page's advertising blocks (issue 14 item 8): the active CMS blocks of kind `advert`
 * showing now, each with its title, text and optional link; nothing when there are none. The page
 * comes with them (its first screen is drawn with them): a section arriving later would push the
 * footer down under the visitor's pointer.
 */
export function AdvertsSection() {
  const { t } = useTranslation('shell');
  const { locale } = usePlatform();
  const adverts = usePublicQuery(advertsQuery(locale));
  const members = adverts.data?.['hydra:member'] ?? [];
  if (members.length === 0) return null;
  return (
    <section aria-labelledby="adverts-title" data-testid="adverts">
      <Title order={2} size="h3" mb="sm" id="adverts-title">
        {t('home.advertsTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: Math.min(members.length, MAX_ADVERTS) }}>
        {members.map((advert) => {
          const titleId = `advert-${advert.key}`;
          const external = advert.linkPath?.startsWith('https://');
          return (
            <Card
              key={advert.key}
              withBorder
              padding="lg"
              bg="brand.0"
              component="article"
              aria-labelledby={titleId}
              data-testid="advert-card"
            >
              <Title order={3} size="h4" id={titleId} mb="xs">
                {advert.title}
              </Title>
              <Text
                size="sm"
                component="div"
                className="card-cms"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the API sanitises every block to a closed list of tags (api/src/modules/cms/markdown.ts)
                dangerouslySetInnerHTML={{ __html: advert.html }}
              />
              {advert.linkPath &&
                (external ? (
                  <Anchor href={advert.linkPath} size="sm" mt="sm" rel="noopener noreferrer" aria-describedby={titleId}>
                    {t('home.advertMore')}
                  </Anchor>
                ) : (
                  <Anchor component={Link} to={advert.linkPath} size="sm" mt="sm" aria-describedby={titleId}>
                    {t('home.advertMore')}
                  </Anchor>
                ))}
            </Card>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
