// `@portal/shared-contracts/cms`: CMS blocks (SPEC §3 "CMS block": name, content), the texts of
// the information pages that the back office edits without a release. The API validates writes
// with these rules; the shell reads the public shape.
// zod/mini, as the other shared entries (keeps classic zod out of the browser bundle).
import * as z from 'zod/mini';
import { LOCALES } from '../i18n/locale';
import { isBlank, type RuleViolation, violation } from '../rules/violations';

/** SPEC §2: the information pages, each read from the CMS block of the same key. */
export const CMS_PAGE_KEYS = [
  'terms',
  'privacy-policy',
  'cookie-policy',
  'accessibility',
  'prohibitions',
  'deadlines',
] as const;
export type CmsPageKey = (typeof CMS_PAGE_KEYS)[number];

/**
 * What a block is for (issue 14 item 8): an information page, the footer's columns, a help tooltip
 * of a form field, an advert on the home page, or a news card of the home page.
 */
export const CMS_KINDS = ['page', 'footer', 'tooltip', 'advert', 'news'] as const;
export type CmsKind = (typeof CMS_KINDS)[number];
export const isCmsKind = (value: unknown): value is CmsKind => CMS_KINDS.includes(value as CmsKind);

/** The footer's columns, in order: the information links, the customer support hours and its contacts (issue 40 item 7). */
export const CMS_FOOTER_KEYS = ['footer-information', 'footer-support', 'footer-support-contacts'] as const;

/**
 * The help texts of form fields that come from CMS blocks of kind `tooltip` (issue 14 item 8),
 * each falling back to the form's own i18n text while no active block of its key exists.
 */
export const CMS_TOOLTIP_KEYS = ['tooltip-hs-code', 'tooltip-price-countries'] as const;
export type CmsTooltipKey = (typeof CMS_TOOLTIP_KEYS)[number];

/** A block's link (adverts, news): a page of the portal (`/postal-network`) or an https address. */
export const CMS_LINK_PATTERN = /^(?:\/(?!\/)[^\s<>"]*|https:\/\/[^\s<>"]+)$/;
export const MAX_CMS_LINK = 500;

/** A block's key (its name): lower-case letters, digits and single dashes, as in a page path. */
export const CMS_KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_CMS_KEY = 64;
export const MAX_CMS_TITLE = 200;
/** A block's Markdown in one language: a long policy fits several times over. */
export const MAX_CMS_BODY = 50_000;

export const CMS_MESSAGES = {
  blank: 'This value should not be blank.',
  key: 'The key may contain lower-case Latin letters, digits and dashes (at most 64).',
  titleTooLong: 'This value can have at most 200 characters.',
  bodyTooLong: 'This text can have at most 50000 characters.',
  notFound: 'Page not found.',
  markup: 'Write the text in Markdown: HTML tags (such as <script>) are not allowed.',
  scriptLink: 'Links may lead to web pages, e-mail addresses or phone numbers only.',
  kind: 'Choose one of: page, footer, tooltip, advert, news.',
  link: 'Give a page of the portal (starting with /) or an https:// address (at most 500 characters).',
  date: 'Enter a valid date.',
  expiresBeforePublished: 'The end must be after the publication date.',
} as const;

export const CMS_CODES = {
  blank: 'cms.blank',
  key: 'cms.key',
  titleTooLong: 'cms.title_too_long',
  bodyTooLong: 'cms.body_too_long',
  markup: 'cms.markup',
  scriptLink: 'cms.script_link',
  kind: 'cms.kind',
  link: 'cms.link',
  date: 'cms.date',
  expiresBeforePublished: 'cms.expires_before_published',
} as const;

/**
 * Raw HTML in a block's text: a tag (`<p>`, `</div>`, `<script src=…>`, `<img/>`) or a comment.
 * Markdown's own autolinks (`<https://…>`, `<name@example.lv>`) are not tags and stay allowed.
 */
const HTML_MARKUP = /<!--|<\/?[a-z][a-z0-9-]*(?=[\s/>])/i;
/** A link whose target runs code instead of opening a page (`[x](javascript:…)`, `data:` or `vbscript:`). */
const SCRIPT_LINK = /\]\(\s*<?\s*(?:javascript|vbscript|data):/i;

export const isCmsKey = (key: string) => key.length <= MAX_CMS_KEY && CMS_KEY_PATTERN.test(key);

/** What the back office writes: the title and the Markdown body in English and in Latvian. */
export interface CmsBlockInput {
  titleEn?: string | null;
  titleLv?: string | null;
  bodyEn?: string | null;
  bodyLv?: string | null;
  /** Absent: `page` for a new block, unchanged for an existing one. */
  kind?: string | null;
  /** Absent: true. An inactive block is not shown publicly (its page is 404, its card is left out). */
  active?: boolean | null;
  /** Adverts and news: where the card leads. */
  linkPath?: string | null;
  /** News and adverts: shown from this ISO date-time (absent: from the save). */
  publishedAt?: string | null;
  /** News and adverts: shown until this ISO date-time (absent: no end). */
  expiresAt?: string | null;
}

const isIsoDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value));

/** Every violation of a block's texts; each field is required in both languages. */
export function cmsBlockViolations(input: CmsBlockInput): RuleViolation[] {
  const found: RuleViolation[] = [];
  const check = (field: 'titleEn' | 'titleLv' | 'bodyEn' | 'bodyLv', max: number, message: string, code: string) => {
    const value = input[field];
    if (isBlank(value)) found.push(violation(field, CMS_MESSAGES.blank, CMS_CODES.blank));
    else if ((value as string).length > max) found.push(violation(field, message, code));
  };
  check('titleEn', MAX_CMS_TITLE, CMS_MESSAGES.titleTooLong, CMS_CODES.titleTooLong);
  check('titleLv', MAX_CMS_TITLE, CMS_MESSAGES.titleTooLong, CMS_CODES.titleTooLong);
  check('bodyEn', MAX_CMS_BODY, CMS_MESSAGES.bodyTooLong, CMS_CODES.bodyTooLong);
  check('bodyLv', MAX_CMS_BODY, CMS_MESSAGES.bodyTooLong, CMS_CODES.bodyTooLong);
  // Content is Markdown only: the API also sanitises every rendering, but a text with HTML in it is
  // refused on save with a message beside the field, so what an editor saves is what pages show.
  for (const field of ['titleEn', 'titleLv', 'bodyEn', 'bodyLv'] as const) {
    const value = input[field];
    if (typeof value !== 'string' || found.some((existing) => existing.propertyPath === field)) continue;
    if (HTML_MARKUP.test(value)) found.push(violation(field, CMS_MESSAGES.markup, CMS_CODES.markup));
    else if (SCRIPT_LINK.test(value)) found.push(violation(field, CMS_MESSAGES.scriptLink, CMS_CODES.scriptLink));
  }
  if (input.kind != null && !isCmsKind(input.kind)) found.push(violation('kind', CMS_MESSAGES.kind, CMS_CODES.kind));
  const link = input.linkPath?.trim();
  if (link && (link.length > MAX_CMS_LINK || !CMS_LINK_PATTERN.test(link))) {
    found.push(violation('linkPath', CMS_MESSAGES.link, CMS_CODES.link));
  }
  for (const field of ['publishedAt', 'expiresAt'] as const) {
    const value = input[field]?.trim();
    if (value && !isIsoDate(value)) found.push(violation(field, CMS_MESSAGES.date, CMS_CODES.date));
  }
  const published = input.publishedAt?.trim();
  const expires = input.expiresAt?.trim();
  if (
    published &&
    expires &&
    isIsoDate(published) &&
    isIsoDate(expires) &&
    Date.parse(expires) <= Date.parse(published)
  ) {
    found.push(violation('expiresAt', CMS_MESSAGES.expiresBeforePublished, CMS_CODES.expiresBeforePublished));
  }
  return found;
}

/** GET /api/public/cms_blocks/{key}: one block in the request's language, its body as safe HTML. */
export const cmsPageSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('CmsBlock'),
  key: z.string(),
  locale: z.enum(LOCALES),
  title: z.string(),
  /** Rendered from the block's Markdown and sanitised by the API: a closed list of tags, no scripts. */
  html: z.string(),
  /** ISO date-time of the last change. */
  updatedAt: z.string(),
});
export type CmsPage = z.infer<typeof cmsPageSchema>;

/** GET /api/public/cms_blocks?kind=…: the active blocks of one kind showing now, in the request's language. */
export const cmsCardSchema = z.extend(cmsPageSchema, {
  kind: z.enum(CMS_KINDS),
  linkPath: z.nullable(z.string()),
  publishedAt: z.nullable(z.string()),
});
export type CmsCard = z.infer<typeof cmsCardSchema>;

/** The back office's view (GET/PUT /api/admin/cms_blocks/{key}): the Markdown of both languages. */
export const cmsBlockSourceSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('CmsBlock'),
  key: z.string(),
  titleEn: z.string(),
  titleLv: z.string(),
  bodyEn: z.string(),
  bodyLv: z.string(),
  kind: z.enum(CMS_KINDS),
  active: z.boolean(),
  linkPath: z.nullable(z.string()),
  publishedAt: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type CmsBlockSource = z.infer<typeof cmsBlockSourceSchema>;
