import { formatMoney, type Locale, toLocale } from '@portal/shared-contracts';
import { acceptedLocale } from '../../http/locale';
import type { SandboxPayment } from './sandbox-provider';

// The sandbox's hosted payment page: plain server-rendered HTML (no script), in English and
// Latvian, usable by keyboard and screen reader: one heading, the payment as a description list,
// and three labelled submit buttons in one form.

const TEXTS = {
  en: {
    title: 'Payment sandbox',
    intro: 'This is a test payment page: no money is charged. Choose how the payment ends.',
    amount: 'Amount',
    reference: 'Reference',
    description: 'Description',
    actions: 'Payment outcome',
    pay: 'Pay',
    decline: 'Decline',
    cancel: 'Cancel',
    expiredTitle: 'The payment has expired',
    expired: 'Return to the order and start the payment again.',
    back: 'Back to the order',
    notFoundTitle: 'Payment not found',
    notFound: 'The payment link is not valid.',
    /** The link to the Latvian page, named in Latvian. */
    otherLanguage: 'Latviski',
  },
  lv: {
    title: 'Testa maksājumu lapa',
    intro: 'Šī ir testa maksājumu lapa: nauda netiek iekasēta. Izvēlieties, kā maksājums beigsies.',
    amount: 'Summa',
    reference: 'Atsauce',
    description: 'Apraksts',
    actions: 'Maksājuma iznākums',
    pay: 'Maksāt',
    decline: 'Noraidīt',
    cancel: 'Atcelt',
    expiredTitle: 'Maksājuma termiņš ir beidzies',
    expired: 'Atgriezieties pie pasūtījuma un sāciet maksājumu vēlreiz.',
    back: 'Atpakaļ uz pasūtījumu',
    notFoundTitle: 'Maksājums nav atrasts',
    notFound: 'Maksājuma saite nav derīga.',
    /** The link to the English page, named in English. */
    otherLanguage: 'English',
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** `?locale=` first, then the Accept-Language header (by q-value), else the portal default (en). */
export function pageLocale(queryLocale: unknown, acceptLanguage: string | undefined): Locale {
  const fromQuery = typeof queryLocale === 'string' ? toLocale(queryLocale) : null;
  if (fromQuery) return fromQuery;
  return acceptedLocale(acceptLanguage);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function amountText(payment: SandboxPayment): string {
  return payment.currency === 'EUR'
    ? formatMoney(payment.amountCents)
    : `${(payment.amountCents / 100).toFixed(2)} ${payment.currency}`;
}

/**
 * The link to the page in the other language: its name is that language's own name ("Latviski"
 * on the English page, "English" on the Latvian one), so the text and `?locale=` always agree.
 */
export function languageLink(locale: Locale): string {
  const other: Locale = locale === 'en' ? 'lv' : 'en';
  return `<a href="?locale=${other}" lang="${other}" hreflang="${other}">${TEXTS[locale].otherLanguage}</a>`;
}

function layout(locale: Locale, title: string, main: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1a1a1a; }
  main { max-width: 32rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: 8px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .5rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  .actions { display: flex; gap: .75rem; flex-wrap: wrap; border: 0; padding: 0; margin: 1.5rem 0 0; }
  button, .link { font: inherit; padding: .6rem 1.2rem; border-radius: 6px; border: 2px solid #1a4fa0; cursor: pointer; }
  button.pay { background: #1a4fa0; color: #fff; }
  button.secondary { background: #fff; color: #1a4fa0; }
  button:focus-visible, a:focus-visible { outline: 3px solid #e8a400; outline-offset: 2px; }
  .language { text-align: right; margin: 0 0 1rem; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
</style>
</head>
<body>
<main>
<p class="language">${languageLink(locale)}</p>
${main}
</main>
</body>
</html>
`;
}

export function paymentPage(payment: SandboxPayment, locale: Locale): string {
  const t = TEXTS[locale];
  return layout(
    locale,
    t.title,
    `<h1>${t.title}</h1>
<p>${t.intro}</p>
<dl>
  <dt>${t.amount}</dt><dd>${escapeHtml(amountText(payment))}</dd>
  <dt>${t.reference}</dt><dd>${escapeHtml(payment.reference)}</dd>
  ${payment.description ? `<dt>${t.description}</dt><dd>${escapeHtml(payment.description)}</dd>` : ''}
</dl>
<form method="post">
  <input type="hidden" name="locale" value="${locale}">
  <fieldset class="actions">
    <legend class="visually-hidden">${t.actions}</legend>
    <button type="submit" name="action" value="pay" class="pay">${t.pay}</button>
    <button type="submit" name="action" value="decline" class="secondary">${t.decline}</button>
    <button type="submit" name="action" value="cancel" class="secondary">${t.cancel}</button>
  </fieldset>
</form>`,
  );
}

export function expiredPage(locale: Locale, backUrl: string): string {
  const t = TEXTS[locale];
  return layout(
    locale,
    t.expiredTitle,
    `<h1>${t.expiredTitle}</h1>
<p>${t.expired}</p>
<p><a href="${escapeHtml(backUrl)}">${t.back}</a></p>`,
  );
}

export function notFoundPage(locale: Locale): string {
  const t = TEXTS[locale];
  return layout(locale, t.notFoundTitle, `<h1>${t.notFoundTitle}</h1>\n<p>${t.notFound}</p>`);
}
