/**
 * @jest-environment node
 */
// In Node, as the gateway renders it (no window: the stores render the request's state). That the
// browser takes the markup over without redrawing it is checked in a browser
// (e2e/tests/first-screen.spec.ts).
import type { FirstScreenRequest, RenderedFirstScreen } from '@portal/shared-contracts';
import { JSDOM } from 'jsdom';
import { firstScreenKey, renderFirstScreen } from './first-screen';

// The gateway renders with the server build, where the federation runtime is this stand-in.
jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('./federation-runtime'));

const REMOTES = {
  environment: 'local',
  maintenance: false,
  remotes: [
    {
      name: 'mf-tracking',
      scope: 'mf_tracking',
      manifest: '/remotes/mf-tracking/mf-manifest.json',
      enabled: true,
      description: {
        name: 'mf-tracking',
        exposes: { './App': './src/exposes/App.tsx', './TrackingCard': './src/exposes/TrackingCard.tsx' },
        routes: [{ path: '/track', title: { en: 'Package tracking', lv: 'Sūtījumu izsekošana' } }],
        nav: [{ to: '/track', label: { en: 'Track', lv: 'Izsekot' }, order: 20 }],
        widgets: [{ expose: './TrackingCard', placement: 'start', order: 20, minHeight: 100 }],
      },
    },
  ],
};

/** A page's first screen, which every page but the sign-in callbacks has. */
function rendered(request: FirstScreenRequest): RenderedFirstScreen {
  const screen = renderFirstScreen(request);
  if (!screen) throw new Error(`${request.url} was not rendered`);
  return screen;
}

/** The markup as a page would hold it. */
function pageWith(html: string): HTMLElement {
  return new JSDOM(`<div id="root">${html}</div>`).window.document.getElementById('root') as HTMLElement;
}

describe('the first screen rendered for the gateway (issue 18)', () => {
  it('is the home page in the locale the URL or the cookie asks for, English otherwise', () => {
    const english = rendered({ url: '/', remotes: REMOTES });
    expect(english.locale).toBe('en');
    const heading = pageWith(english.html).querySelector('h1');
    expect(heading?.textContent).toBe('Send and track letters and parcels');

    const fromCookie = rendered({ url: '/', cookieHeader: 'a=1; locale=lv', remotes: REMOTES });
    expect(fromCookie.locale).toBe('lv');
    expect(pageWith(fromCookie.html).querySelector('h1')?.textContent).toBe('Sūtiet un izsekojiet vēstules un pakas');

    const fromUrl = rendered({ url: '/?locale=en', cookieHeader: 'locale=lv', remotes: REMOTES });
    expect(fromUrl.locale).toBe('en');
  });

  it('leaves the sign-in callbacks to the browser, which draws them once the session is set up', () => {
    expect(renderFirstScreen({ url: '/auth/callback?code=x&state=y', remotes: REMOTES })).toBeNull();
    expect(renderFirstScreen({ url: '/auth/silent-callback', remotes: REMOTES })).toBeNull();
  });

  it('keeps a remote’s area as the placeholder the browser shows while the remote loads', () => {
    const root = pageWith(rendered({ url: '/track', remotes: REMOTES }).html);
    // The navigation comes from the remote's description; the page's own content from the remote.
    expect(root.querySelector('a[href="/track"]')?.textContent).toBe('Track');
    expect(root.querySelector('[aria-label="…"]')).not.toBeNull();
    expect(root.querySelector('h1')).toBeNull();
  });

  it('has the home page’s widgets as placeholders of the room their descriptions ask for', () => {
    const root = pageWith(rendered({ url: '/', remotes: REMOTES }).html);
    expect(root.querySelectorAll('[aria-label="…"]')).toHaveLength(1);
    // 100 px = 6.25 rem, as RemoteArea keeps it in the browser.
    expect(root.innerHTML).toContain('min-height:calc(6.25rem * var(--mantine-scale))');
  });

  it('shows the consent banner only to a visitor who has not chosen', () => {
    const banner = (cookieHeader?: string) =>
      pageWith(rendered({ url: '/', cookieHeader, remotes: REMOTES }).html).querySelector(
        '[aria-labelledby="consent-title"]',
      );
    expect(banner('')).not.toBeNull();
    const consent = encodeURIComponent(JSON.stringify({ statistical: false, preferences: true, marketing: false }));
    expect(banner(`consent=${consent}`)).toBeNull();
    expect(firstScreenKey({ url: '/', cookieHeader: `consent=${consent}` })).not.toBe(firstScreenKey({ url: '/' }));
    expect(firstScreenKey({ url: '/', cookieHeader: 'other=1' })).toBe(firstScreenKey({ url: '/' }));
  });
});
