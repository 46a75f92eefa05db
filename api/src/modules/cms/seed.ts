import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CMS_PAGE_KEYS, type CmsKind, type CmsPageKey } from '@portal/shared-contracts/cms';
import { MAX_PRICE_COUNTRIES } from '@portal/shared-contracts/pricing';
import { and, eq, lt } from 'drizzle-orm';
import type { Orm } from '../../db';
import { NEWS_SEED } from './news-seed';
import { cmsBlocks } from './schema';

/**
 * The version of the seeded texts. Raise it when a file in `content/` changes: blocks still as
 * seeded take the new text at the next start; a block an administrator has changed is never touched.
 */
export const CMS_SEED_VERSION = 1;
/** When the seeded texts were written: their "last updated" date until an administrator changes them. */
export const CMS_SEED_DATE = new Date('2026-11-26T00:00:00Z');

const CONTENT_DIR = fileURLToPath(new URL('./content/', import.meta.url));

export interface SeedBlock {
  key: string;
  kind: CmsKind;
  titleEn: string;
  titleLv: string;
  bodyEn: string;
  bodyLv: string;
  linkPath?: string | null;
  publishedAt?: Date | null;
  expiresAt?: Date | null;
}

/**
 * The footer's two columns as the shell showed them before they moved into the CMS (its built-in
 * copy, shell/src/layout/Footer.tsx, renders the same while the block loads): the information
 * pages' links and SPEC §9's support hours.
 */
const FOOTER_BLOCKS: SeedBlock[] = [
  {
    key: 'footer-information',
    kind: 'footer',
    titleEn: 'Information',
    titleLv: 'Informācija',
    bodyEn: [
      '- [Terms of use](/terms)',
      '- [Privacy policy](/privacy-policy)',
      '- [Cookie policy](/cookie-policy)',
      '- [Accessibility statement](/accessibility)',
      '- [Prohibitions and restrictions](/prohibitions)',
      '- [Delivery deadlines](/deadlines)',
      '- [Questions and answers](/faq)',
    ].join('\n'),
    bodyLv: [
      '- [Lietošanas noteikumi](/terms)',
      '- [Privātuma politika](/privacy-policy)',
      '- [Sīkdatņu politika](/cookie-policy)',
      '- [Piekļūstamības paziņojums](/accessibility)',
      '- [Aizliegumi un ierobežojumi](/prohibitions)',
      '- [Piegādes termiņi](/deadlines)',
      '- [Jautājumi un atbildes](/faq)',
    ].join('\n'),
  },
  {
    key: 'footer-support',
    kind: 'footer',
    titleEn: 'Customer support',
    titleLv: 'Klientu atbalsts',
    bodyEn: [
      '- Monday–Friday: 8:00–19:00',
      '- Saturday: 9:00–17:00',
      '- Sunday: closed',
      '',
      'Answers to common questions are in [Help](/faq).',
    ].join('\n'),
    bodyLv: [
      '- Pirmdiena–piektdiena: 8:00–19:00',
      '- Sestdiena: 9:00–17:00',
      '- Svētdiena: slēgts',
      '',
      'Atbildes uz biežākajiem jautājumiem ir sadaļā [“Palīdzība”](/faq).',
    ].join('\n'),
  },
  {
    // Issue 40 item 7: the support contacts, in the footer (after `footer-support`, by key) and on
    // the FAQ page (`GET /api/public/cms_blocks/footer-support-contacts`). No phone number, e-mail
    // address or chat of the operator's customer support is in ../shared (SPEC, data): none is
    // invented here, nor is a placeholder shown to the public. The seed names the channels the
    // portal has (the complaint and request form, tracking, Help); the administrator adds the
    // phone and e-mail in the back office (Content, this key), and the seed never overwrites a
    // block an administrator saved.
    key: 'footer-support-contacts',
    kind: 'footer',
    titleEn: 'Contact us',
    titleLv: 'Sazinieties ar mums',
    bodyEn: [
      '- Complaints and requests: [the complaint and request form](/complaint)',
      '- About a shipment: [its tracking page](/track)',
      '- Common questions: [Help](/faq)',
    ].join('\n'),
    bodyLv: [
      '- Sūdzības un pieprasījumi: [sūdzību un pieprasījumu veidlapa](/complaint)',
      '- Par sūtījumu: [tā izsekošanas lapa](/track)',
      '- Biežāk uzdotie jautājumi: [Palīdzība](/faq)',
    ].join('\n'),
  },
];

/**
 * The home page's advert (kind `advert`): the parcel locker service, every fact from
 * `../shared/data/tariffs.md` (§6: ≤ 31.5 kg and ≤ 38 × 38 × 58 cm from any post office; §7: seven
 * days in the locker), no price.
 */
const ADVERT_BLOCKS: SeedBlock[] = [
  {
    key: 'advert-parcel-lockers',
    kind: 'advert',
    titleEn: 'Send to a parcel locker',
    titleLv: 'Sūtiet uz pakomātu',
    bodyEn:
      'Parcels up to 31.5 kg and 38 × 38 × 58 cm go from any post office to any Latvijas Pasts parcel locker, and wait there seven days for the receiver.',
    bodyLv:
      'Pakas līdz 31,5 kg un 38 × 38 × 58 cm no jebkuras pasta nodaļas nonāk jebkurā Latvijas Pasta pakomātā un gaida saņēmēju septiņas dienas.',
    linkPath: '/postal-network',
  },
];

/**
 * The forms' help texts (kind `tooltip`, CMS_TOOLTIP_KEYS) as the remotes' catalogues word them
 * (mf-order-flow `content.hsCodeHint`, mf-calculator `form.countriesHint` with MAX_PRICE_COUNTRIES),
 * so a default install reads the same; the title names the field for the back office.
 */
const TOOLTIP_BLOCKS: SeedBlock[] = [
  {
    key: 'tooltip-hs-code',
    kind: 'tooltip',
    titleEn: 'Order wizard: customs tariff (HS) code',
    titleLv: 'Pasūtījuma vednis: muitas tarifa (HS) kods',
    bodyEn: 'Type the code or words describing the goods, then choose from the list.',
    bodyLv: 'Ierakstiet kodu vai preces aprakstošus vārdus un izvēlieties no saraksta.',
  },
  {
    key: 'tooltip-price-countries',
    kind: 'tooltip',
    titleEn: 'Price calculator: countries',
    titleLv: 'Cenu kalkulators: valstis',
    bodyEn: `Up to ${MAX_PRICE_COUNTRIES} countries; type a name, an alias or a phone prefix`,
    bodyLv: `Līdz ${MAX_PRICE_COUNTRIES} valstīm; ierakstiet nosaukumu, citu nosaukumu vai tālruņa kodu`,
  },
];

/** The home page's news cards (kind `news`, key `news-<slug>`). */
const NEWS_BLOCKS: SeedBlock[] = NEWS_SEED.map((item) => ({
  key: `news-${item.slug}`,
  kind: 'news',
  titleEn: item.titleEn,
  titleLv: item.titleLv,
  bodyEn: item.textEn,
  bodyLv: item.textLv,
  linkPath: item.linkPath,
  publishedAt: item.publishedAt,
  expiresAt: item.expiresAt,
}));

/** `content/<key>.<locale>.md`: the first line is `# Title`, the rest the body. */
function readContent(key: CmsPageKey, locale: 'en' | 'lv'): { title: string; body: string } {
  const text = readFileSync(`${CONTENT_DIR}${key}.${locale}.md`, 'utf8');
  const [first = '', ...rest] = text.split('\n');
  if (!first.startsWith('# ')) throw new Error(`content/${key}.${locale}.md must start with "# Title"`);
  return { title: first.slice(2).trim(), body: rest.join('\n').trim() };
}

export function seedBlocks(): SeedBlock[] {
  const pages = CMS_PAGE_KEYS.map((key): SeedBlock => {
    const en = readContent(key, 'en');
    const lv = readContent(key, 'lv');
    return { key, kind: 'page', titleEn: en.title, titleLv: lv.title, bodyEn: en.body, bodyLv: lv.body };
  });
  return [...pages, ...FOOTER_BLOCKS, ...TOOLTIP_BLOCKS, ...ADVERT_BLOCKS, ...NEWS_BLOCKS];
}

/** Writes the seeded blocks (pages, footer, advert, news) that are missing, and refreshes those still as an older seed left them. */
export async function seedCmsBlocks(orm: Orm): Promise<void> {
  for (const block of seedBlocks()) {
    const [existing] = await orm
      .select({ id: cmsBlocks.id, seedVersion: cmsBlocks.seedVersion })
      .from(cmsBlocks)
      .where(eq(cmsBlocks.key, block.key));
    if (!existing) {
      await orm
        .insert(cmsBlocks)
        .values({ ...block, seedVersion: CMS_SEED_VERSION, updatedAt: CMS_SEED_DATE })
        .onConflictDoNothing();
    } else if (existing.seedVersion !== null && existing.seedVersion < CMS_SEED_VERSION) {
      await orm
        .update(cmsBlocks)
        .set({ ...block, seedVersion: CMS_SEED_VERSION, updatedAt: CMS_SEED_DATE })
        // Still as seeded at the moment of writing: an administrator's change in between wins.
        .where(and(eq(cmsBlocks.id, existing.id), lt(cmsBlocks.seedVersion, CMS_SEED_VERSION)));
    }
  }
}
