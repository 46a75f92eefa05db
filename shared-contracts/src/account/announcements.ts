import { isBlank, type RuleViolation, violation } from '../rules/violations';

// The post's announcements (SPEC §3 Notification: recipient group, caption, description, content,
// sent at, status; §4 unsent → sent; §5 at least one recipient group). The back office composes
// them for private and/or company accounts and sends them by e-mail, text message and in the
// portal's notification list. The API checks every write with these rules; the admin form shows
// the same messages beside the fields.

/** Who an announcement is for: the types of account (SPEC §6). */
export const RECIPIENT_GROUPS = ['private', 'company'] as const;
export type RecipientGroup = (typeof RECIPIENT_GROUPS)[number];

/** How it goes out: e-mail and SMS through the provider interfaces, `portal` into the notification list. */
export const ANNOUNCEMENT_CHANNELS = ['email', 'sms', 'portal'] as const;
export type AnnouncementChannel = (typeof ANNOUNCEMENT_CHANNELS)[number];

export const ANNOUNCEMENT_STATUSES = ['unsent', 'sent'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

export const MAX_ANNOUNCEMENT_CAPTION = 120;
export const MAX_ANNOUNCEMENT_DESCRIPTION = 300;
/** Long enough for an e-mail; a text message carries the caption and description only. */
export const MAX_ANNOUNCEMENT_CONTENT = 5_000;

export const ANNOUNCEMENT_MESSAGES = {
  noGroup: 'Choose at least one recipient group: private, company or both.',
  unknownGroup: 'A recipient group is private or company.',
  noChannel: 'Choose at least one way to send it: e-mail, SMS or the portal.',
  unknownChannel: 'A way to send is email, sms or portal.',
  blank: 'This value should not be blank.',
  captionTooLong: `This value can have at most ${MAX_ANNOUNCEMENT_CAPTION} characters.`,
  descriptionTooLong: `This value can have at most ${MAX_ANNOUNCEMENT_DESCRIPTION} characters.`,
  contentTooLong: `This text can have at most ${MAX_ANNOUNCEMENT_CONTENT} characters.`,
  alreadySent: 'This notification has already been sent; a sent notification cannot be changed or sent again.',
  notFound: 'Notification not found.',
} as const;

export const ANNOUNCEMENT_CODES = {
  noGroup: 'notification.no_recipient_group',
  unknownGroup: 'notification.unknown_recipient_group',
  noChannel: 'notification.no_channel',
  unknownChannel: 'notification.unknown_channel',
  blank: 'notification.blank',
  tooLong: 'notification.too_long',
  alreadySent: 'notification.already_sent',
} as const;

/** What the back office writes. Loose types: the rules below say what is wrong, field by field. */
export interface AnnouncementInput {
  recipientGroups?: unknown;
  channels?: unknown;
  caption?: string | null;
  description?: string | null;
  content?: string | null;
  /** The same texts in Latvian: every announcement is written in both languages. */
  captionLv?: string | null;
  descriptionLv?: string | null;
  contentLv?: string | null;
}

/** A valid input, as the API stores it (groups and channels deduplicated, in their fixed order). */
export interface Announcement {
  recipientGroups: RecipientGroup[];
  channels: AnnouncementChannel[];
  caption: string;
  description: string;
  content: string;
  captionLv: string;
  descriptionLv: string;
  contentLv: string;
}

/** An announcement's texts in one language: the English fields or the Latvian ones. */
export function announcementTexts(
  announcement: Pick<Announcement, 'caption' | 'description' | 'content' | 'captionLv' | 'descriptionLv' | 'contentLv'>,
  locale: 'en' | 'lv',
): { caption: string; description: string; content: string } {
  return locale === 'lv'
    ? { caption: announcement.captionLv, description: announcement.descriptionLv, content: announcement.contentLv }
    : { caption: announcement.caption, description: announcement.description, content: announcement.content };
}

function choices<T extends string>(value: unknown, allowed: readonly T[]): { chosen: T[]; unknown: boolean } {
  const list = Array.isArray(value) ? value : value == null ? [] : [value];
  const unknown = list.some((item) => typeof item !== 'string' || !(allowed as readonly string[]).includes(item));
  return { chosen: allowed.filter((item) => list.includes(item)), unknown };
}

/** Every violation of an announcement; an empty list means `normaliseAnnouncement` may be called. */
export function announcementViolations(input: AnnouncementInput): RuleViolation[] {
  const found: RuleViolation[] = [];
  const groups = choices(input.recipientGroups, RECIPIENT_GROUPS);
  if (groups.unknown)
    found.push(violation('recipientGroups', ANNOUNCEMENT_MESSAGES.unknownGroup, ANNOUNCEMENT_CODES.unknownGroup));
  else if (groups.chosen.length === 0)
    found.push(violation('recipientGroups', ANNOUNCEMENT_MESSAGES.noGroup, ANNOUNCEMENT_CODES.noGroup));
  const channels = choices(input.channels, ANNOUNCEMENT_CHANNELS);
  if (channels.unknown)
    found.push(violation('channels', ANNOUNCEMENT_MESSAGES.unknownChannel, ANNOUNCEMENT_CODES.unknownChannel));
  else if (channels.chosen.length === 0)
    found.push(violation('channels', ANNOUNCEMENT_MESSAGES.noChannel, ANNOUNCEMENT_CODES.noChannel));
  const text = (
    field: 'caption' | 'description' | 'content' | 'captionLv' | 'descriptionLv' | 'contentLv',
    max: number,
    message: string,
  ) => {
    const value = input[field];
    if (typeof value !== 'string' || isBlank(value))
      found.push(violation(field, ANNOUNCEMENT_MESSAGES.blank, ANNOUNCEMENT_CODES.blank));
    else if (value.trim().length > max) found.push(violation(field, message, ANNOUNCEMENT_CODES.tooLong));
  };
  text('caption', MAX_ANNOUNCEMENT_CAPTION, ANNOUNCEMENT_MESSAGES.captionTooLong);
  text('description', MAX_ANNOUNCEMENT_DESCRIPTION, ANNOUNCEMENT_MESSAGES.descriptionTooLong);
  text('content', MAX_ANNOUNCEMENT_CONTENT, ANNOUNCEMENT_MESSAGES.contentTooLong);
  text('captionLv', MAX_ANNOUNCEMENT_CAPTION, ANNOUNCEMENT_MESSAGES.captionTooLong);
  text('descriptionLv', MAX_ANNOUNCEMENT_DESCRIPTION, ANNOUNCEMENT_MESSAGES.descriptionTooLong);
  text('contentLv', MAX_ANNOUNCEMENT_CONTENT, ANNOUNCEMENT_MESSAGES.contentTooLong);
  return found;
}

/** The stored form of an input without violations: trimmed texts, choices in their fixed order. */
export function normaliseAnnouncement(input: AnnouncementInput): Announcement {
  return {
    recipientGroups: choices(input.recipientGroups, RECIPIENT_GROUPS).chosen,
    channels: choices(input.channels, ANNOUNCEMENT_CHANNELS).chosen,
    caption: (input.caption ?? '').trim(),
    description: (input.description ?? '').trim(),
    content: (input.content ?? '').trim(),
    captionLv: (input.captionLv ?? '').trim(),
    descriptionLv: (input.descriptionLv ?? '').trim(),
    contentLv: (input.contentLv ?? '').trim(),
  };
}

/** The text message of an announcement: caption and description, which a phone shows whole. */
export const announcementSms = (announcement: Pick<Announcement, 'caption' | 'description'>): string =>
  `${announcement.caption}: ${announcement.description}`;

// The notification banner (the back office's content group, issue 14 item 6): one short notice in
// English and Latvian that every visitor sees at the top of every page while it is switched on.

export const MAX_BANNER_TEXT = 300;

export const BANNER_MESSAGES = {
  textTooLong: `This value can have at most ${MAX_BANNER_TEXT} characters.`,
  blankWhenActive: 'Write the banner in both languages before switching it on.',
  active: 'This value should be true or false.',
} as const;

export interface BannerInput {
  active?: unknown;
  textEn?: string | null;
  textLv?: string | null;
}

/** A banner that is on needs both texts; an off one may keep a draft (or nothing). */
export function bannerViolations(input: BannerInput): RuleViolation[] {
  const found: RuleViolation[] = [];
  if (typeof input.active !== 'boolean')
    found.push(violation('active', BANNER_MESSAGES.active, 'notification_banner.active'));
  for (const field of ['textEn', 'textLv'] as const) {
    const value = input[field];
    if ((value ?? '').trim().length > MAX_BANNER_TEXT)
      found.push(violation(field, BANNER_MESSAGES.textTooLong, ANNOUNCEMENT_CODES.tooLong));
    else if (input.active === true && isBlank(value))
      found.push(violation(field, BANNER_MESSAGES.blankWhenActive, 'notification_banner.blank'));
  }
  return found;
}
