import {
  ANNOUNCEMENT_CHANNELS,
  ANNOUNCEMENT_STATUSES,
  NOTIFIED_STATUSES,
  RECIPIENT_GROUPS,
} from '@portal/shared-contracts/account';
import { z } from 'zod';

// What the notification routes answer (route schemas, issue 20). The screens keep their own types
// of these (mf-account, mf-admin, the shell's banner), so the shapes are the API's own.

/** A status notification of the user's list: one of their shipments moved on (service.ts `NotificationView`). */
export const notificationAnswer = z
  .object({
    '@id': z.string(),
    '@type': z.literal('Notification'),
    kind: z.literal('status'),
    id: z.int(),
    shipmentNumber: z.string(),
    status: z.enum(NOTIFIED_STATUSES),
    previousStatus: z.string(),
    text: z.string().describe('The sentence in the language of `Accept-Language`.'),
    link: z.string().describe('The tracking page of the shipment (a portal path).'),
    statusDate: z.string(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .describe('A status notification: one of the user’s shipments moved on.');

/** An announcement of the post in the user's list (service.ts `AnnouncementView`). */
export const announcementAnswer = z
  .object({
    '@id': z.string(),
    '@type': z.literal('Announcement'),
    kind: z.literal('announcement'),
    id: z.int(),
    caption: z.string(),
    description: z.string(),
    content: z.string(),
    createdAt: z.string().describe('When it was sent: its place in the list.'),
    readAt: z.string().nullable(),
  })
  .describe('An announcement of the post, in the language of `Accept-Language`.');

export const listEntryAnswer = z.discriminatedUnion('kind', [notificationAnswer, announcementAnswer]);

export const unreadCountAnswer = z
  .object({ total: z.int().nonnegative(), unread: z.int().nonnegative() })
  .describe('How many entries the user’s list has, and how many of them are unread.');

/** What every page reads (banner.ts `BannerView`). */
export const bannerAnswer = z
  .object({
    '@type': z.literal('NotificationBanner'),
    active: z.boolean(),
    text: z.string().nullable().describe('In the language of `Accept-Language`; null while the banner is off.'),
  })
  .describe('The notification banner as every page shows it.');

/** What the back office reads and writes (banner.ts `BannerAdminView`). */
export const bannerAdminAnswer = z
  .object({
    '@id': z.literal('/api/admin/notification_banner'),
    '@type': z.literal('NotificationBanner'),
    active: z.boolean(),
    textEn: z.string(),
    textLv: z.string(),
    updatedAt: z.string().nullable(),
  })
  .describe('The notification banner with both texts.');

/** One announcement as the back office sees it (announcements.ts `AnnouncementAdminView`). */
export const announcementAdminAnswer = z.object({
  '@id': z.string(),
  '@type': z.literal('Notification'),
  id: z.int(),
  recipientGroups: z.array(z.enum(RECIPIENT_GROUPS)),
  channels: z.array(z.enum(ANNOUNCEMENT_CHANNELS)),
  caption: z.string(),
  description: z.string(),
  content: z.string(),
  captionLv: z.string(),
  descriptionLv: z.string(),
  contentLv: z.string(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  emailCount: z.int().nonnegative(),
  smsCount: z.int().nonnegative(),
});
