import type { Locale } from '@portal/shared-contracts';
import { rigaDisplayDate } from '@portal/shared-contracts/calendar';
import type { MailMessage } from '../notifications';

// The paid-order e-mail (issue 20 item 5): the hand-over QR, so the sender needs no printer. In
// both languages, Latvian first (SPEC §1), as the other e-mails of an order without a chosen language.

const WORDS = {
  subject: { lv: 'Jūsu pasūtījums ir apmaksāts', en: 'Your order is paid' },
  paid: {
    lv: 'Paldies! Pasūtījums ir apmaksāts. Sūtījumi:',
    en: 'Thank you! The order is paid. Shipments:',
  },
  show: {
    lv: 'Nav printera? Uzrādiet šo QR kodu pakomātā vai pasta nodaļā: uzlīmi izdrukās tur.',
    en: 'No printer? Show this QR code at a parcel locker or post office counter: the label is printed there.',
  },
  once: {
    lv: 'Kods der vienai izdrukai līdz {date}. Nevienam to nesūtiet.',
    en: 'The code prints the labels once, until {date}. Do not share it.',
  },
  alt: { lv: 'Nodošanas QR kods', en: 'Hand-over QR code' },
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The Content-ID the HTML shows the attached QR picture by. */
export const QR_CONTENT_ID = 'handover-qr@portal';

export function handoverMail(input: {
  to: string;
  shipmentNumbers: string[];
  code: string;
  expiresAt: Date;
  qrPng: Buffer;
}): MailMessage {
  const date = rigaDisplayDate(input.expiresAt);
  const locales: Locale[] = ['lv', 'en'];
  const numbers = input.shipmentNumbers.join(', ');
  const block = (locale: Locale) => ({
    paid: `${WORDS.paid[locale]} ${numbers}`,
    show: WORDS.show[locale],
    once: WORDS.once[locale].replace('{date}', date),
  });
  return {
    to: input.to,
    subject: locales.map((locale) => WORDS.subject[locale]).join(' / '),
    // The plain text carries the code itself: a counter can type it when no picture is shown.
    text: locales
      .map((locale) => {
        const words = block(locale);
        return `${words.paid}\n\n${words.show}\n${input.code}\n\n${words.once}`;
      })
      .join('\n\n---\n\n'),
    html:
      `<p><img src="cid:${QR_CONTENT_ID}" width="246" height="246" alt="${WORDS.alt.lv} / ${WORDS.alt.en}"></p>` +
      locales
        .map((locale) => {
          const words = block(locale);
          return (
            `<div lang="${locale}"><p>${escapeHtml(words.paid)}</p><p><strong>${escapeHtml(words.show)}</strong></p>` +
            `<p><small>${escapeHtml(words.once)}</small></p></div>`
          );
        })
        .join('<hr>'),
    attachments: [{ filename: 'handover-qr.png', content: input.qrPng, contentType: 'image/png', cid: QR_CONTENT_ID }],
  };
}
