import type { Locale } from '@portal/shared-contracts';
import type { CmsCard } from '@portal/shared-contracts/cms';
import { usePlatform } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { IconClock } from '@tabler/icons-react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type PublicQuery, usePublicQuery } from '../boot/public-queries';
import { BrandMark } from './BrandMark';
import { useInternalLinks } from './use-internal-links';

/** SPEC §2: the static pages, linked from every page (the built-in copy of the `footer-information` block). */
const LINKS = [
  { to: '/terms', key: 'footer.terms' },
  { to: '/privacy-policy', key: 'footer.privacy' },
  { to: '/cookie-policy', key: 'footer.cookies' },
  { to: '/accessibility', key: 'footer.accessibility' },
  { to: '/prohibitions', key: 'footer.prohibitions' },
  { to: '/deadlines', key: 'footer.deadlines' },
  { to: '/faq', key: 'footer.faq' },
] as const;

/** SPEC §9 support hours: Mon–Fri 8:00–19:00, Sat 9:00–17:00, Sun closed (the built-in `footer-support`). */
const SUPPORT_HOURS = [
  { day: 'weekdays', hours: '8:00–19:00' },
  { day: 'saturday', hours: '9:00–17:00' },
  { day: 'sunday', hours: null },
] as const;

/**
 * The footer's columns as CMS blocks of kind `footer` (api/src/modules/cms), one request per
 * language; every page's first screen is drawn with them (server/first-screen-queries.ts).
 */
export function footerBlocksQuery(locale: Locale): PublicQuery<'/api/public/cms_blocks'> {
  return {
    queryKey: ['cms-blocks', 'footer', locale],
    path: '/api/public/cms_blocks',
    query: { kind: 'footer' },
    // Every page shows the footer: asked once a visit (per language), an edit shows at the next load.
    staleTime: 5 * 60_000,
    retry: false,
  };
}

/**
 * The footer: the brand, then the columns the back office writes (CMS blocks of kind `footer`: the
 * information pages' links, the support hours). Where they have not come with the page, until they
 * arrive or when they cannot, the built-in copy of the seeded texts renders in the same shape.
 */
export function Footer({ onCookieSettings }: { onCookieSettings: () => void }) {
  const { t } = useTranslation('shell');
  const { locale } = usePlatform();
  const blocks = usePublicQuery(footerBlocksQuery(locale));
  const cookieSettings = (
    <Anchor component="button" type="button" size="sm" c="white" onClick={onCookieSettings}>
      {t('footer.cookieSettings')}
    </Anchor>
  );
  const columns = blocks.data?.['hydra:member'];
  return (
    <Box component="footer" aria-label={t('footer.label')} bg="brand.9" c="white" mt="xl" py="xl">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Group gap="xs" wrap="nowrap">
              <BrandMark size={28} />
              <Text fw={800}>{t('brand')}</Text>
            </Group>
            <Text size="sm">{t('brandTagline')}</Text>
          </Stack>
          {columns && columns.length > 0 ? (
            columns.map((block, index) => (
              <CmsColumn key={block.key} block={block} first={index === 0}>
                {index === 0 && cookieSettings}
              </CmsColumn>
            ))
          ) : (
            <BuiltInColumns cookieSettings={cookieSettings} />
          )}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

/**
 * One column from the CMS: its title and its HTML (Markdown rendered and sanitised by the API). The
 * first column is the information pages' navigation; the others are sections.
 */
function CmsColumn({ block, first, children }: { block: CmsCard; first: boolean; children?: ReactNode }) {
  const content = useRef<HTMLDivElement>(null);
  useInternalLinks(content, block.html);
  const titleId = `footer-${block.key}`;
  return (
    <Box component={first ? 'nav' : 'section'} aria-labelledby={titleId} data-testid={block.key}>
      {/* The clock belongs to the support hours; the contacts column (issue 40 item 7) and others go without. */}
      <ColumnTitle id={titleId} clock={block.key === 'footer-support'}>
        {block.title}
      </ColumnTitle>
      <div
        ref={content}
        className="footer-cms"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the API sanitises every block to a closed list of tags (api/src/modules/cms/markdown.ts)
        dangerouslySetInnerHTML={{ __html: block.html }}
      />
      {children}
    </Box>
  );
}

function ColumnTitle({ id, clock, children }: { id: string; clock: boolean; children: ReactNode }) {
  return (
    <Group gap={6} mb="xs" wrap="nowrap">
      {clock && <IconClock size={18} aria-hidden="true" />}
      <Title order={2} size="h6" id={id}>
        {children}
      </Title>
    </Group>
  );
}

/** The seeded texts from the shell's own catalogue, in the DOM shape the CMS HTML has. */
function BuiltInColumns({ cookieSettings }: { cookieSettings: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <>
      <nav aria-labelledby="footer-footer-information" data-testid="footer-information">
        <ColumnTitle id="footer-footer-information" clock={false}>
          {t('footer.information')}
        </ColumnTitle>
        <div className="footer-cms">
          <ul>
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.key)}</Link>
              </li>
            ))}
          </ul>
        </div>
        {cookieSettings}
      </nav>
      <section aria-labelledby="footer-footer-support" data-testid="footer-support">
        <ColumnTitle id="footer-footer-support" clock>
          {t('footer.support')}
        </ColumnTitle>
        <div className="footer-cms">
          <ul>
            {SUPPORT_HOURS.map(({ day, hours }) => (
              <li key={day}>
                {t(`footer.supportDays.${day}`)}: {hours ?? t('footer.closed')}
              </li>
            ))}
          </ul>
          <p>{t('footer.supportHelp')}</p>
        </div>
      </section>
    </>
  );
}
