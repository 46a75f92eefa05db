import type { HydraCollection } from '@portal/shared-contracts';
import type { CmsCard } from '@portal/shared-contracts/cms';
import { usePlatform } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Anchor, Card, SimpleGrid, Text, Title } from '@portal/shared-contracts/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** At most this many adverts at once: the home page stays a service page, not a billboard. */
export const MAX_ADVERTS = 3;

/**
 * The home page's advertising blocks (issue 14 item 8): the active CMS blocks of kind `advert`
 * showing now, each with its title, text and optional link. Nothing while they load or when there
 * are none: the section sits at the end of the page, so its arrival moves nothing above it.
 */
export function AdvertsSection() {
  const { t } = useTranslation('shell');
  const { api, locale } = usePlatform();
  const adverts = useQuery({
    queryKey: ['cms-blocks', 'advert', locale],
    queryFn: ({ signal }) =>
      api.get<HydraCollection<CmsCard>>('/api/public/cms_blocks', {
        query: { kind: 'advert', itemsPerPage: MAX_ADVERTS },
        signal,
      }),
    staleTime: 5 * 60_000,
  });
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
