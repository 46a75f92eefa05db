// HTML of the development identity provider's own pages: deliberately plain, one file, no build.

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function html(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce((out, part, index) => {
    const value = values[index - 1];
    const rendered = value instanceof SafeHtml ? value.text : escapeHtml(String(value ?? ''));
    return out + rendered + part;
  });
}

export class SafeHtml {
  constructor(readonly text: string) {}
}
export const raw = (text: string) => new SafeHtml(text);

const STYLE = `body{font-family:system-ui,sans-serif;background:#f1f3f5;margin:0;padding:24px;color:#212529}
main{max-width:440px;margin:0 auto}h1{font-size:1.4rem}section{background:#fff;border-radius:8px;padding:16px 20px;margin:0 0 16px;box-shadow:0 1px 3px #0002}
h2{font-size:1.1rem;margin:0 0 8px}label{display:block;margin:8px 0 2px;font-size:.9rem}input{width:100%;box-sizing:border-box;padding:8px;border:1px solid #ced4da;border-radius:4px;font-size:1rem}
button{margin-top:12px;padding:8px 16px;border:0;border-radius:4px;background:#1c7ed6;color:#fff;font-size:1rem;cursor:pointer}.secondary{background:#868e96}
.error{background:#ffe3e3;color:#c92a2a;padding:8px 12px;border-radius:4px;margin:8px 0 0}.code{font-size:2.4rem;letter-spacing:.3em;text-align:center;font-weight:700}.note{color:#868e96;font-size:.85rem}`;

export function page(title: string, body: string, lang: 'en' | 'lv' = 'en'): string {
  return `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>
<p class="note">${lang === 'lv' ? 'Izstrādes identitātes nodrošinātājs: simulēta pieslēgšanās, nav paredzēts lietošanai.' : 'Development identity provider: simulated sign-in, not for production.'}</p>${body}</main></body></html>`;
}

export type PageLanguage = 'en' | 'lv';

/** The visitor's language by Accept-Language: Latvian when it comes first, English otherwise. */
export const languageOf = (acceptLanguage = ''): PageLanguage => (/^\s*lv\b/i.test(acceptLanguage) ? 'lv' : 'en');

const clockTime = (at: Date, lang: PageLanguage) =>
  new Intl.DateTimeFormat(lang === 'lv' ? 'lv-LV' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Riga',
  }).format(at);

/** Latvian nouns after a number: singular after 1, 21, 31… (not 11), plural otherwise. */
const lvCount = (count: number, one: string, many: string) =>
  `${count} ${count % 10 === 1 && count % 100 !== 11 ? one : many}`;

/**
 * When a refused visitor may sign in again (issue 36: after a flood of wrong passwords the right
 * one was refused for a minute with no hint): in so many seconds or minutes, at that time of day
 * in Latvia.
 */
export function tryAgainMessage(retryAfterSeconds: number, lang: PageLanguage, now: Date): string {
  const at = clockTime(new Date(now.getTime() + retryAfterSeconds * 1000), lang);
  const minutes = Math.ceil(retryAfterSeconds / 60);
  if (lang === 'lv') {
    const wait =
      retryAfterSeconds < 60
        ? lvCount(retryAfterSeconds, 'sekundes', 'sekundēm')
        : lvCount(minutes, 'minūtes', 'minūtēm');
    return `Pārāk daudz pieslēgšanās mēģinājumu. Mēģiniet vēlreiz pēc ${wait} (plkst. ${at}).`;
  }
  const wait =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many sign-in attempts. Try again in ${wait} (at ${at}).`;
}

export function wrongPasswordMessage(lang: PageLanguage): string {
  return lang === 'lv' ? 'Nepareiza e-pasta adrese vai parole.' : 'Wrong e-mail or password.';
}

/** The password check's queue is full (a flood): come back in a few seconds. */
export function busyMessage(lang: PageLanguage): string {
  return lang === 'lv'
    ? 'Pieslēgšanās pakalpojums ir pārslogots. Mēģiniet vēlreiz pēc dažām sekundēm.'
    : 'The sign-in service is busy. Try again in a few seconds.';
}

/** The sign-in page's three ways in, each its own form. */
export type SignInMethod = 'password' | 'smartid' | 'eparaksts';

/** Which form a POST to the interaction's `step` came from (its refusal is shown in that form). */
export function signInMethodOf(step: string): SignInMethod {
  if (step.startsWith('smartid')) return 'smartid';
  if (step.startsWith('eparaksts')) return 'eparaksts';
  return 'password';
}

/**
 * The language of the provider's pages (issue 40: they were English whatever the portal's
 * language): the portal's, as its sign-in asks for it (OIDC `ui_locales`), else its language
 * cookie (`locale`, kept when the visitor allowed preference cookies), else the browser's.
 */
export function pageLanguageOf(request: {
  uiLocales?: unknown;
  cookieHeader?: string;
  acceptLanguage?: string;
}): PageLanguage {
  const asked = typeof request.uiLocales === 'string' ? request.uiLocales.split(/\s+/) : [];
  const cookie = /(?:^|;\s*)locale=([^;]*)/.exec(request.cookieHeader ?? '')?.[1];
  for (const candidate of [...asked, cookie]) {
    const language = candidate?.trim().toLowerCase().split('-')[0];
    if (language === 'lv' || language === 'en') return language;
  }
  return languageOf(request.acceptLanguage);
}

/** The texts of the sign-in pages, in both of the portal's languages. */
const TEXTS = {
  en: {
    signInTitle: 'Sign in to the postal portal',
    passwordHeading: 'E-mail and password',
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    createAccount: 'Create an account',
    personalCode: 'Personal code',
    continueSmartId: 'Continue with Smart-ID',
    continueEParaksts: 'Continue with eParaksts mobile',
    cancel: 'Cancel',
    smartIdText: 'Check that this verification code matches the one in your Smart-ID app, then confirm.',
    smartIdConfirm: 'Confirm in the Smart-ID app (simulated)',
    eParakstsTitle: 'eParaksts mobile',
    eParakstsText: 'Enter PIN1 in the eParaksts mobile app (simulated: any 4 to 8 digits).',
    confirm: 'Confirm',
    registerTitle: 'Create an account',
    firstName: 'First name',
    lastName: 'Last name',
    newPassword: 'Password (8 characters or more)',
    register: 'Create account and sign in',
    backToSignIn: 'Back to sign-in',
    expiredTitle: 'Sign-in expired',
    expired: 'This sign-in has expired. Go back to the portal and sign in again.',
    errorTitle: 'Sign-in error',
    unknownSignIn: 'Unknown sign-in.',
    noPerson: 'No person with this personal code in the simulation.',
    startAgain: 'Start the sign-in again.',
    pin: 'PIN1 has 4 to 8 digits.',
    names: 'Enter your first and last name.',
    emailInvalid: 'Enter a valid e-mail address.',
    passwordShort: 'The password must have 8 characters or more.',
    emailTaken: 'An account with this e-mail already exists.',
  },
  lv: {
    signInTitle: 'Pieslēgšanās pasta portālam',
    passwordHeading: 'E-pasts un parole',
    email: 'E-pasts',
    password: 'Parole',
    signIn: 'Pieslēgties',
    createAccount: 'Izveidot kontu',
    personalCode: 'Personas kods',
    continueSmartId: 'Turpināt ar Smart-ID',
    continueEParaksts: 'Turpināt ar eParaksts mobile',
    cancel: 'Atcelt',
    smartIdText: 'Pārbaudiet, vai šis kontroles kods sakrīt ar kodu Smart-ID lietotnē, tad apstipriniet.',
    smartIdConfirm: 'Apstiprināt Smart-ID lietotnē (simulēts)',
    eParakstsTitle: 'eParaksts mobile',
    eParakstsText: 'Ievadiet PIN1 eParaksts mobile lietotnē (simulēts: jebkuri 4 līdz 8 cipari).',
    confirm: 'Apstiprināt',
    registerTitle: 'Izveidot kontu',
    firstName: 'Vārds',
    lastName: 'Uzvārds',
    newPassword: 'Parole (8 vai vairāk rakstzīmes)',
    register: 'Izveidot kontu un pieslēgties',
    backToSignIn: 'Atpakaļ uz pieslēgšanos',
    expiredTitle: 'Pieslēgšanās beigusies',
    expired: 'Šīs pieslēgšanās laiks ir beidzies. Atgriezieties portālā un pieslēdzieties vēlreiz.',
    errorTitle: 'Pieslēgšanās kļūda',
    unknownSignIn: 'Nezināma pieslēgšanās.',
    noPerson: 'Simulācijā nav personas ar šādu personas kodu.',
    startAgain: 'Sāciet pieslēgšanos no jauna.',
    pin: 'PIN1 ir 4 līdz 8 cipari.',
    names: 'Ievadiet savu vārdu un uzvārdu.',
    emailInvalid: 'Ievadiet derīgu e-pasta adresi.',
    passwordShort: 'Parolē jābūt 8 vai vairāk rakstzīmēm.',
    emailTaken: 'Konts ar šo e-pastu jau pastāv.',
  },
} as const;

export type PageText = keyof (typeof TEXTS)['en'];

/** One text of the provider's pages in `lang`. */
export const textOf = (key: PageText, lang: PageLanguage = 'en'): string => TEXTS[lang][key];

/** A page that only says something went wrong (an expired or unknown sign-in). */
export function problemPage(title: PageText, text: PageText, lang: PageLanguage = 'en'): string {
  return page(textOf(title, lang), html`<section><p class="error">${textOf(text, lang)}</p></section>`, lang);
}

/**
 * The sign-in page, in `lang`. A refusal (`error`: a wrong password, a lock-out saying until when)
 * stands in the form it refused, under its button, and that form's fields name it as their
 * description and are marked invalid (issue 40: at the top of the page it went unnoticed beside
 * the form).
 */
export function loginPage(
  base: string,
  options: {
    error?: string;
    email?: string;
    errorLanguage?: PageLanguage;
    method?: SignInMethod;
    lang?: PageLanguage;
  } = {},
): string {
  const lang = options.lang ?? options.errorLanguage ?? 'en';
  const t = (key: PageText) => textOf(key, lang);
  const refused = options.error ? (options.method ?? 'password') : null;
  const errorId = (method: SignInMethod) => `${method}-error`;
  const errorOf = (method: SignInMethod) =>
    refused === method
      ? raw(
          html`<p class="error" role="alert" id="${errorId(method)}" lang="${options.errorLanguage ?? lang}">${options.error}</p>`,
        )
      : '';
  const described = (method: SignInMethod) =>
    raw(refused === method ? html` aria-describedby="${errorId(method)}" aria-invalid="true"` : '');
  return page(
    t('signInTitle'),
    html`<section aria-labelledby="m-password"><h2 id="m-password">${t('passwordHeading')}</h2>
<form method="post" action="${base}/password">
<label for="email">${t('email')}</label><input id="email" name="email" type="email" autocomplete="username" required value="${options.email ?? ''}"${described('password')}>
<label for="password">${t('password')}</label><input id="password" name="password" type="password" autocomplete="current-password" required${described('password')}>
<button type="submit">${t('signIn')}</button>${errorOf('password')}</form>
<p><a href="${base}/register">${t('createAccount')}</a></p></section>
<section aria-labelledby="m-smartid"><h2 id="m-smartid">Smart-ID</h2>
<form method="post" action="${base}/smartid">
<label for="smartid-code">${t('personalCode')}</label><input id="smartid-code" name="personalCode" required placeholder="010190-10001"${described('smartid')}>
<button type="submit">${t('continueSmartId')}</button>${errorOf('smartid')}</form></section>
<section aria-labelledby="m-eparaksts"><h2 id="m-eparaksts">eParaksts</h2>
<form method="post" action="${base}/eparaksts">
<label for="eparaksts-code">${t('personalCode')}</label><input id="eparaksts-code" name="personalCode" required placeholder="010190-10001"${described('eparaksts')}>
<button type="submit">${t('continueEParaksts')}</button>${errorOf('eparaksts')}</form></section>
<form method="post" action="${base}/abort"><button type="submit" class="secondary">${t('cancel')}</button></form>`,
    lang,
  );
}

export function smartIdPage(base: string, verificationCode: string, lang: PageLanguage = 'en'): string {
  const t = (key: PageText) => textOf(key, lang);
  return page(
    'Smart-ID',
    html`<section><p>${t('smartIdText')}</p>
<p class="code" data-testid="verification-code">${verificationCode}</p>
<form method="post" action="${base}/smartid/confirm"><button type="submit">${t('smartIdConfirm')}</button></form>
<form method="post" action="${base}/abort"><button type="submit" class="secondary">${t('cancel')}</button></form></section>`,
    lang,
  );
}

/** The PIN page; `error` is a text of this file's (shown beside the PIN, in `lang`). */
export function eParakstsPage(base: string, error?: PageText, lang: PageLanguage = 'en'): string {
  const t = (key: PageText) => textOf(key, lang);
  const described = raw(error ? ' aria-describedby="pin-error" aria-invalid="true"' : '');
  return page(
    t('eParakstsTitle'),
    html`<section>
<p>${t('eParakstsText')}</p>
<form method="post" action="${base}/eparaksts/confirm">
<label for="pin">PIN1</label><input id="pin" name="pin" type="password" inputmode="numeric" required${described}>
<button type="submit">${t('confirm')}</button>${error ? raw(html`<p class="error" role="alert" id="pin-error">${t(error)}</p>`) : ''}</form>
<form method="post" action="${base}/abort"><button type="submit" class="secondary">${t('cancel')}</button></form></section>`,
    lang,
  );
}

/** The registration page; `error` is a text of this file's, shown in `lang`. */
export function registerPage(
  base: string,
  options: { error?: PageText; values?: Record<string, string>; lang?: PageLanguage } = {},
): string {
  const lang = options.lang ?? 'en';
  const t = (key: PageText) => textOf(key, lang);
  const value = (name: string) => options.values?.[name] ?? '';
  return page(
    t('registerTitle'),
    html`${options.error ? raw(html`<p class="error" role="alert">${t(options.error)}</p>`) : ''}<section>
<form method="post" action="${base}/register">
<label for="givenName">${t('firstName')}</label><input id="givenName" name="givenName" required value="${value('givenName')}">
<label for="familyName">${t('lastName')}</label><input id="familyName" name="familyName" required value="${value('familyName')}">
<label for="email">${t('email')}</label><input id="email" name="email" type="email" required value="${value('email')}">
<label for="password">${t('newPassword')}</label><input id="password" name="password" type="password" autocomplete="new-password" required minlength="8">
<button type="submit">${t('register')}</button></form>
<p><a href="${base}">${t('backToSignIn')}</a></p></section>`,
    lang,
  );
}

const LOGOUT_TEXTS = {
  en: { title: 'Signing out', text: 'You are being signed out of the postal portal…', button: 'Sign out' },
  lv: { title: 'Atslēgšanās', text: 'Notiek atslēgšanās no pasta portāla…', button: 'Atslēgties' },
} as const;

/**
 * The end-session page (OIDC RP-initiated logout). The portal has asked already (or the session
 * timed out), so the form is sent at once, with `logout=yes`: that ends the provider's own session
 * too. Without it oidc-provider only forgets the portal client and the next sign-in would pass
 * without a password. Without JavaScript a button in the visitor's language sends it.
 */
export function logoutPage(form: string, acceptLanguage = ''): string {
  const lang = languageOf(acceptLanguage);
  const texts = LOGOUT_TEXTS[lang];
  const endSession = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return page(
    texts.title,
    `<section><p>${escapeHtml(texts.text)}</p>${endSession}
<noscript><button type="submit" form="op.logoutForm">${escapeHtml(texts.button)}</button></noscript></section>
<script>document.getElementById('op.logoutForm').submit()</script>`,
    lang,
  );
}
