/**
 * @jest-environment jsdom
 */
import axe from 'axe-core';
import { expiredPage, notFoundPage, pageLocale, paymentPage } from '../../../src/modules/payments/sandbox-page';
import type { SandboxPayment } from '../../../src/modules/payments/sandbox-provider';

const payment: SandboxPayment = {
  v: 1,
  nonce: 'n',
  reference: 'pay-1',
  amountCents: 700,
  currency: 'EUR',
  description: 'Order "x" <script>alert(1)</script>',
  returnUrl: '/orders/parcel/k',
  expiresAt: 0,
};

function load(html: string): void {
  document.open();
  document.write(html);
  document.close();
}

describe('the sandbox pages are accessible (axe)', () => {
  it.each([
    ['payment, English', paymentPage(payment, 'en')],
    ['payment, Latvian', paymentPage(payment, 'lv')],
    ['expired', expiredPage('lv', '/orders/parcel/k/failed')],
    ['not found', notFoundPage('en')],
  ])('%s', async (_name, html) => {
    load(html);
    // jsdom has no layout: colour contrast cannot be computed there.
    const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    // The rules did run: html-has-lang and document-title passed on this page.
    expect(result.passes.map((rule) => rule.id)).toEqual(expect.arrayContaining(['html-has-lang', 'document-title']));
  });

  it('gives the buttons names and keeps the description as text', () => {
    load(paymentPage(payment, 'en'));
    const buttons = [...document.querySelectorAll('button')].map((button) => [button.textContent, button.value]);
    expect(buttons).toEqual([
      ['Pay', 'pay'],
      ['Decline', 'decline'],
      ['Cancel', 'cancel'],
    ]);
    expect(document.querySelector('script')).toBeNull();
    expect(document.body.textContent).toContain('Order "x" <script>alert(1)</script>');
    expect(document.body.textContent).toContain('7,00 €');
  });
});

describe('the language link', () => {
  it.each([
    ['en', 'Latviski', '?locale=lv', 'lv'],
    ['lv', 'English', '?locale=en', 'en'],
  ] as const)('on the %s page reads %s and leads to %s', (locale, text, href, lang) => {
    load(paymentPage(payment, locale));
    const link = document.querySelector('.language a');
    expect(link?.textContent).toBe(text);
    expect(link?.getAttribute('href')).toBe(href);
    expect(link?.getAttribute('lang')).toBe(lang);
  });
});

describe('pageLocale', () => {
  it('takes ?locale= first, then Accept-Language by q-value, else English', () => {
    expect(pageLocale('lv', 'en')).toBe('lv');
    expect(pageLocale('de', 'lv')).toBe('lv');
    expect(pageLocale(undefined, 'en;q=0.3, lv-LV;q=0.9')).toBe('lv');
    expect(pageLocale(undefined, 'lv;q=0, en')).toBe('en');
    expect(pageLocale(undefined, 'de, fr')).toBe('en');
    expect(pageLocale(undefined, undefined)).toBe('en');
    expect(pageLocale(['lv'], ';;;')).toBe('en');
  });
});
