import type { Locale } from '@portal/shared-contracts';
import { rigaDisplayDate } from '@portal/shared-contracts/calendar';
import { eq } from 'drizzle-orm';
import type { Orm } from '../../db';
import type { DomainEvent, EventConsumer } from '../events';
import { userEmails } from '../identity';
import type { Mailer, MailMessage } from './mailer';
import { announcementReads, notificationSettings, notifications } from './schema';
import { settingsOf } from './settings';

const WORDS = {
  accountSubject: { en: 'Your account has been deleted', lv: 'Jūsu konts ir dzēsts' },
  privateAccount: { en: 'Your private account', lv: 'Jūsu privātais konts' },
  companyAccount: { en: 'Your company account', lv: 'Jūsu uzņēmuma konts' },
  accountDeleted: {
    en: (what: string, id: number, date: string) => `${what} no. ${id} on the postal portal was deleted on ${date}.`,
    lv: (what: string, id: number, date: string) => `${what} Nr. ${id} pasta portālā tika dzēsts ${date}.`,
  },
  accountKept: {
    en: "Its paid orders are kept in the archive for the post's records; everything else of the account was deleted.",
    lv: 'Tā apmaksātie pasūtījumi tiek glabāti arhīvā pasta uzskaitei; viss pārējais konta saturs ir dzēsts.',
  },
  profileSubject: { en: 'Your profile has been deleted', lv: 'Jūsu profils ir dzēsts' },
  profileDeleted: {
    en: (date: string) =>
      `Your profile on the postal portal was deleted on ${date}, with the accounts only you used. You can no longer sign in with it.`,
    lv: (date: string) =>
      `Jūsu profils pasta portālā tika dzēsts ${date}, kopā ar kontiem, kurus izmantojāt tikai jūs. Ar to vairs nevar pieteikties.`,
  },
  why: {
    en: 'You receive this e-mail because the deletion was made with your sign-in. If it was not you, contact customer support.',
    lv: 'Jūs saņemat šo e-pastu, jo dzēšana tika veikta ar jūsu pieteikšanos. Ja tas nebijāt jūs, sazinieties ar klientu atbalstu.',
  },
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Paragraphs per language, joined as the status e-mails are: the chosen language, else Latvian then English. */
function mail(
  to: string,
  language: Locale | null,
  subject: Record<Locale, string>,
  body: (locale: Locale) => string[],
) {
  const locales: Locale[] = language ? [language] : ['lv', 'en'];
  const blocks = locales.map((locale) => [...body(locale), WORDS.why[locale]]);
  return {
    to,
    subject: locales.map((locale) => subject[locale]).join(' / '),
    text: blocks.map((block) => block.join('\n\n')).join('\n\n---\n\n'),
    html: blocks
      .map(
        (block, index) =>
          `<div lang="${locales[index]}">${block.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('')}</div>`,
      )
      .join('<hr>'),
  } satisfies MailMessage;
}

/** The e-mail confirming an account's deletion (DD.MM.YYYY in Riga's time). */
export function accountDeletedMail(
  to: string,
  data: DomainEvent<'account.deleted'>['data'],
  language: Locale | null = null,
): MailMessage {
  const date = rigaDisplayDate(new Date(data.deletedAt));
  return mail(to, language, WORDS.accountSubject, (locale) => [
    WORDS.accountDeleted[locale](
      (data.kind === 'company' ? WORDS.companyAccount : WORDS.privateAccount)[locale],
      data.accountId,
      date,
    ),
    WORDS.accountKept[locale],
  ]);
}

/** The e-mail confirming a profile's deletion. */
export function profileDeletedMail(
  to: string,
  data: DomainEvent<'profile.deleted'>['data'],
  language: Locale | null = null,
): MailMessage {
  const date = rigaDisplayDate(new Date(data.deletedAt));
  return mail(to, language, WORDS.profileSubject, (locale) => [WORDS.profileDeleted[locale](date)]);
}

/**
 * The `notifications.account-deleted` consumer (issue 37 item 2): the person who deleted an
 * account, or their profile, gets an e-mail saying so, in the language of their notification
 * settings (else Latvian and English). One e-mail per deletion: a profile's says its accounts went
 * too, so the `account.deleted` events of a profile's deletion (`withProfile`) get no job.
 *
 * The address is not in the event: the event keeps ids only (modules/events kinds.ts), and the
 * user row, with its e-mail, stays after both deletions, so the job asks identity for it when it
 * runs (`userEmails`). A user without an e-mail gets none. Once a profile's e-mail went, what this
 * module keeps of that person (their list of status changes, settings, announcements read) is
 * deleted: those rows hang on the user row, which stays, so no cascade removes them.
 */
export function deletionMailConsumer(orm: Orm, mailer: Mailer): EventConsumer {
  return {
    kind: 'notifications.account-deleted',
    on: {
      'account.deleted': async ({ data }) => {
        const recipient = await recipientOf(orm, data.deletedBy.userId);
        if (recipient) await mailer.send(accountDeletedMail(recipient.email, data, recipient.language));
      },
      'profile.deleted': async ({ data }) => {
        const recipient = await recipientOf(orm, data.userId);
        if (recipient) await mailer.send(profileDeletedMail(recipient.email, data, recipient.language));
        await forgetUser(orm, data.userId);
      },
    },
    accepts: (event) => !(event.type === 'account.deleted' && event.data.withProfile),
  };
}

async function recipientOf(orm: Orm, userId: number): Promise<{ email: string; language: Locale | null } | null> {
  const email = (await userEmails(orm, [userId])).get(userId);
  if (!email) return null;
  const [row] = await orm.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return { email, language: row ? settingsOf(row).language : null };
}

async function forgetUser(orm: Orm, userId: number): Promise<void> {
  await orm.transaction(async (tx) => {
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(announcementReads).where(eq(announcementReads.userId, userId));
    await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
  });
}
