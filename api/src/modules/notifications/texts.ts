import type { Locale } from '@portal/shared-contracts';
import type { NotifiedStatus } from '@portal/shared-contracts/account';
import type { MailMessage } from './mailer';

// The status changes a sender can hear about are a shared rule: the Settings tab offers them.
export { isNotifiedStatus, NOTIFIED_STATUSES, type NotifiedStatus } from '@portal/shared-contracts/account';

const SENTENCES: Record<NotifiedStatus, Record<Locale, string>> = {
  transferred: { en: 'has been handed over to the post', lv: 'ir nodots pastā' },
  transferredInBulk: { en: 'has been handed over to the post', lv: 'ir nodots pastā' },
  onHold: { en: 'is on hold', lv: 'ir aizturēts' },
  returned: { en: 'is being returned to you', lv: 'tiek atgriezts jums' },
  sentAbroad: { en: 'has been sent abroad', lv: 'ir nosūtīts uz ārzemēm' },
  releasedForDelivery: {
    en: 'is out for delivery or ready for pick-up',
    lv: 'ir nodots piegādei vai gaidāms saņemšanas vietā',
  },
  delivered: { en: 'has been delivered', lv: 'ir piegādāts' },
};

const WORDS = {
  shipment: { en: 'Your shipment', lv: 'Jūsu sūtījums' },
  follow: { en: 'Follow it', lv: 'Sekojiet tam' },
  why: {
    en: 'You receive this e-mail because you agreed to e-notifications when you placed the order.',
    lv: 'Jūs saņemat šo e-pastu, jo, noformējot pasūtījumu, piekritāt e-paziņojumiem.',
  },
} as const;

/** "Your shipment RR…LV has been delivered." in one language. */
export const statusSentence = (number: string, status: NotifiedStatus, locale: Locale) =>
  `${WORDS.shipment[locale]} ${number} ${SENTENCES[status][locale]}.`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The e-mail of one status change, in the language the user chose in their settings; a user who
 * chose none gets Latvian first and English below it (SPEC §1: the two languages).
 */
export function statusMail(
  to: string,
  number: string,
  status: NotifiedStatus,
  portalUrl: string,
  language: Locale | null = null,
): MailMessage {
  const link = `${portalUrl.replace(/\/$/, '')}/track?number=${encodeURIComponent(number)}`;
  const locales: Locale[] = language ? [language] : ['lv', 'en'];
  const blocks = locales.map((locale) => ({
    sentence: statusSentence(number, status, locale),
    follow: `${WORDS.follow[locale]}: ${link}`,
    why: WORDS.why[locale],
  }));
  return {
    to,
    subject: blocks.map((block) => block.sentence).join(' / '),
    text: blocks.map((block) => `${block.sentence}\n${block.follow}\n\n${block.why}`).join('\n\n---\n\n'),
    html: blocks
      .map(
        (block, index) =>
          `<div lang="${locales[index]}"><p>${escapeHtml(block.sentence)}</p>` +
          `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
          `<p><small>${escapeHtml(block.why)}</small></p></div>`,
      )
      .join('<hr>'),
  };
}
