import { type Locale, toDisplayDate } from '@portal/shared-contracts';
import type { CmsPageKey } from '@portal/shared-contracts/cms';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Alert, Skeleton, Stack, Text } from '@portal/shared-contracts/ui';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type PublicQuery, usePublicQuery } from '../boot/public-queries';
import { useInternalLinks } from '../layout/use-internal-links';

/** SPEC §2's information pages: each shows the CMS block of its key (api/src/modules/cms). */
export const STATIC_PAGES: readonly { path: CmsPageKey; titleKey: string }[] = [
  { path: 'terms', titleKey: 'pages.terms' },
  { path: 'privacy-policy', titleKey: 'pages.privacyPolicy' },
  { path: 'cookie-policy', titleKey: 'pages.cookiePolicy' },
  { path: 'accessibility', titleKey: 'pages.accessibility' },
  { path: 'prohibitions', titleKey: 'pages.prohibitions' },
  { path: 'deadlines', titleKey: 'pages.deadlines' },
];

/**
 * The public twin for everyone: the pages are the same signed in or not. The page's first screen is
 * drawn with it (server/first-screen-queries.ts).
 */
export function staticPageQuery(cmsKey: CmsPageKey, locale: Locale): PublicQuery<'/api/public/cms_blocks/{key}'> {
  return {
    queryKey: ['cms-block', cmsKey, locale],
    path: '/api/public/cms_blocks/{key}',
    parameters: { key: cmsKey },
    staleTime: 60_000,
  };
}

/**
 * An information page read from its CMS block at run time, in the visitor's language (the block's
 * language follows Accept-Language, so a language switch asks again): the back office changes the
 * text without a release. The API renders the block's Markdown and sanitises it to a closed list
 * of tags, so its HTML is shown as it comes.
 */
export function StaticPage({ cmsKey, titleKey }: { cmsKey: CmsPageKey; titleKey: string }) {
  const { t } = useTranslation('shell');
  const { locale } = usePlatform();
  const block = usePublicQuery(staticPageQuery(cmsKey, locale));
  const content = useRef<HTMLDivElement>(null);
  const html = block.data?.html;
  // Links to the portal's own pages stay in the single-page application.
  useInternalLinks(content, html);
  return (
    <article data-testid="static-page">
      <PageHeading>{block.data?.title ?? t(titleKey)}</PageHeading>
      {block.isPending ? (
        <Stack gap="sm" aria-hidden="true">
          <Skeleton height={16} width="90%" />
          <Skeleton height={16} width="80%" />
          <Skeleton height={16} width="85%" />
        </Stack>
      ) : block.isError ? (
        <Alert color="yellow" role="status">
          {t('static.failed')}
        </Alert>
      ) : (
        <>
          <div
            ref={content}
            className="cms-content"
            data-testid="cms-content"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the API sanitises the block to a closed list of tags (api/src/modules/cms/markdown.ts)
            dangerouslySetInnerHTML={{ __html: block.data.html }}
          />
          <Text size="sm" c="gray.7" mt="lg">
            {t('static.updated')} <time dateTime={block.data.updatedAt}>{toDisplayDate(block.data.updatedAt)}</time>
          </Text>
        </>
      )}
    </article>
  );
}
