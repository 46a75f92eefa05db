import { logoutPage } from './pages';

// oidc-provider's end-session form: only the xsrf token; the answer decides what is ended.
const FORM =
  '<form id="op.logoutForm" method="post" action="/idp/session/end/confirm"><input type="hidden" name="xsrf" value="abc"/></form>';

describe('the development provider’s end-session page', () => {
  it('sends the form at once asking to end the provider’s session, not only the portal’s', () => {
    const html = logoutPage(FORM, 'en-GB,en;q=0.9');
    expect(html).toContain(
      '<input type="hidden" name="xsrf" value="abc"/><input type="hidden" name="logout" value="yes"/></form>',
    );
    expect(html).toContain("document.getElementById('op.logoutForm').submit()");
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<noscript><button type="submit" form="op.logoutForm">Sign out</button></noscript>');
  });

  it('speaks Latvian to a Latvian browser', () => {
    const html = logoutPage(FORM, 'lv-LV,lv;q=0.9,en;q=0.8');
    expect(html).toContain('<html lang="lv">');
    expect(html).toContain('<title>Atslēgšanās</title>');
    expect(html).toContain('Notiek atslēgšanās no pasta portāla');
    expect(html).toContain('>Atslēgties</button>');
  });

  it('falls back to English for other or missing languages', () => {
    expect(logoutPage(FORM, 'de-DE')).toContain('<html lang="en">');
    expect(logoutPage(FORM)).toContain('You are being signed out of the postal portal');
  });
});
