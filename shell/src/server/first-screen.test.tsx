/**
 * @jest-environment node
 */
// In Node, as the gateway renders it (no window: the stores render the request's state). That the
// browser takes the markup over without redrawing it is checked in a browser
// (e2e/tests/first-screen.spec.ts).
import type { FirstScreenRequest, RemoteAppProps, RemoteExpose, RenderedFirstScreen } from '@portal/shared-contracts';
import { usePlatform } from '@portal/shared-contracts/react';
import { JSDOM } from 'jsdom';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NEWS_CARDS } from '../pages/home/NewsSection';
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
async function rendered(request: FirstScreenRequest): Promise<RenderedFirstScreen> {
  const screen = await renderFirstScreen(request);
  if (!screen) throw new Error(`${request.url} was not rendered`);
  return screen;
}

/** The markup as a page would hold it. */
function pageWith(html: string): HTMLElement {
  return new JSDOM(`<div id="root">${html}</div>`).window.document.getElementById('root') as HTMLElement;
}

/** A remote's page as its Node build would give it: a heading in the shell's texts. */
function TrackingApp({ name }: RemoteAppProps) {
  const { t } = useTranslation('shell');
  return (
    <h1>
      {name}: {t('remoteUnavailable.title')}
    </h1>
  );
}

// Large: React would send a large part apart, with a script to move it into place.
const LAZY_TEXT = 'loaded part '.repeat(2_000);
const LazyPart = lazy(async () => ({ default: () => <p data-testid="lazy">{LAZY_TEXT}</p> }));
function WithLazyPart() {
  return (
    <Suspense fallback={<p>loading</p>}>
      <LazyPart />
    </Suspense>
  );
}

/** A remote's router that finds no page of its own for the path: the platform's not-found page. */
function NoSuchPage() {
  const { NotFound } = usePlatform();
  return <NotFound />;
}

function Failing(): never {
  throw new Error('window is not defined');
}

// Its text is drawn only after a wait, while another visitor's render is asked for.
const Slow = lazy(
  () =>
    new Promise<{ default: typeof TrackingApp }>((resolve) => setTimeout(() => resolve({ default: TrackingApp }), 20)),
);
function SlowApp({ name }: RemoteAppProps) {
  return (
    <Suspense fallback={null}>
      <Slow name={name} />
    </Suspense>
  );
}

describe('the first screen rendered for the gateway (issue 18)', () => {
  it('is the home page in the locale the URL or the cookie asks for, English otherwise', async () => {
    const english = await rendered({ url: '/', remotes: REMOTES });
    expect(english.locale).toBe('en');
    const heading = pageWith(english.html).querySelector('h1');
    expect(heading?.textContent).toBe('Send and track letters and parcels');

    const fromCookie = await rendered({ url: '/', cookieHeader: 'a=1; locale=lv', remotes: REMOTES });
    expect(fromCookie.locale).toBe('lv');
    expect(pageWith(fromCookie.html).querySelector('h1')?.textContent).toBe('Sūtiet un izsekojiet vēstules un pakas');

    const fromUrl = await rendered({ url: '/?locale=en', cookieHeader: 'locale=lv', remotes: REMOTES });
    expect(fromUrl.locale).toBe('en');
  });

  it('leaves the sign-in callbacks to the browser, which draws them once the session is set up', async () => {
    expect(await renderFirstScreen({ url: '/auth/callback?code=x&state=y', remotes: REMOTES })).toBeNull();
    expect(await renderFirstScreen({ url: '/auth/silent-callback', remotes: REMOTES })).toBeNull();
  });

  it('keeps a remote’s area as the placeholder the browser shows while the remote loads, without its module', async () => {
    const root = pageWith((await rendered({ url: '/track', remotes: REMOTES })).html);
    // The navigation comes from the remote's description; the page's own content from the remote.
    expect(root.querySelector('a[href="/track"]')?.textContent).toBe('Track');
    expect(root.querySelector('[aria-label="…"]')).not.toBeNull();
    expect(root.querySelector('h1')).toBeNull();
  });

  it('has the home page’s widgets as placeholders of the room their descriptions ask for', async () => {
    const root = pageWith((await rendered({ url: '/', remotes: REMOTES })).html);
    expect(root.querySelectorAll('[aria-label="…"]')).toHaveLength(1);
    // 100 px = 6.25 rem, as RemoteArea keeps it in the browser.
    expect(root.innerHTML).toContain('min-height:calc(6.25rem * var(--mantine-scale))');
  });

  it('draws the public answers it is given (news, adverts, banner, footer) instead of placeholders', async () => {
    const collection = (members: unknown[]) => ({ 'hydra:member': members, 'hydra:totalItems': members.length });
    const queries = [
      {
        queryKey: ['news', NEWS_CARDS],
        data: collection([
          {
            id: 7,
            title: 'New lockers in Jelgava',
            titleLv: 'Jauni pakomāti Jelgavā',
            html: '<p>Ten more.</p>',
            htmlLv: '<p>Vēl desmit.</p>',
            publishedAt: '2026-11-20T08:00:00Z',
            link: null,
          },
        ]),
      },
      {
        queryKey: ['cms-blocks', 'advert', 'en'],
        data: collection([{ key: 'advert-winter', title: 'Winter sale', html: '<p>Boxes at half price.</p>' }]),
      },
      {
        queryKey: ['cms-blocks', 'footer', 'en'],
        data: collection([{ key: 'footer-information', title: 'About us', html: '<ul><li>Edited</li></ul>' }]),
      },
      { queryKey: ['notification-banner', 'en'], data: { active: true, text: 'Offices close at 15:00 today.' } },
    ];
    const root = pageWith((await rendered({ url: '/?locale=en', remotes: REMOTES, queries })).html);
    expect(root.querySelector('[data-testid="news-card"] h3')?.textContent).toBe('New lockers in Jelgava');
    expect(root.querySelector('[data-testid="advert-card"]')?.textContent).toContain('Boxes at half price.');
    expect(root.querySelector('[data-testid="footer-information"]')?.textContent).toContain('Edited');
    expect(root.querySelector('[data-testid="notification-banner"]')?.textContent).toContain('Offices close');
    // Without them, the placeholders and the built-in footer, as before.
    const bare = pageWith((await rendered({ url: '/?locale=en', remotes: REMOTES })).html);
    expect(bare.querySelector('[data-testid="news-card"]')).toBeNull();
    expect(bare.querySelector('[data-testid="footer-information"]')?.textContent).not.toContain('Edited');
  });

  it('shows the consent banner only to a visitor who has not chosen', async () => {
    const banner = async (cookieHeader?: string) =>
      pageWith((await rendered({ url: '/', cookieHeader, remotes: REMOTES })).html).querySelector(
        '[aria-labelledby="consent-title"]',
      );
    expect(await banner('')).not.toBeNull();
    const consent = encodeURIComponent(JSON.stringify({ statistical: false, preferences: true, marketing: false }));
    expect(await banner(`consent=${consent}`)).toBeNull();
    expect(firstScreenKey({ url: '/', cookieHeader: `consent=${consent}` })).not.toBe(firstScreenKey({ url: '/' }));
    expect(firstScreenKey({ url: '/', cookieHeader: 'other=1' })).toBe(firstScreenKey({ url: '/' }));
  });

  describe('with the remotes’ modules the gateway loaded (their Node builds)', () => {
    const tracking = { remote: 'mf-tracking', expose: './App' };

    it('draws the remote’s area with its module and names the area it drew', async () => {
      const remoteModule = jest.fn((area: RemoteExpose) =>
        area.remote === 'mf-tracking' && area.expose === './App' ? TrackingApp : undefined,
      );
      const screen = await rendered({ url: '/track', remotes: REMOTES, remoteModule });
      const root = pageWith(screen.html);
      expect(root.querySelector('h1')?.textContent).toBe('mf-tracking: Temporarily unavailable');
      expect(root.querySelector('[aria-label="…"]')).toBeNull();
      expect(screen.remoteAreas).toEqual([tracking]);
      // The home page's widget was asked for and, without a module, stays a placeholder.
      const home = await rendered({ url: '/', remotes: REMOTES, remoteModule });
      expect(remoteModule).toHaveBeenCalledWith({ remote: 'mf-tracking', expose: './TrackingCard' });
      expect(home.remoteAreas).toEqual([]);
      expect(pageWith(home.html).querySelectorAll('[aria-label="…"]')).toHaveLength(1);
    });

    it('tells the gateway a page is "not found", the shell’s or one a remote finds none of its own (issue 40)', async () => {
      const known = await rendered({ url: '/track', remotes: REMOTES, remoteModule: () => TrackingApp });
      expect(known.status).toBeUndefined();
      const unknown = await rendered({ url: '/no/such/page', remotes: REMOTES });
      expect(unknown.status).toBe(404);
      expect(pageWith(unknown.html).querySelector('h1')?.textContent).toBe('Page not found');
      // The remote's router finds no page of its own for the path: the platform's not-found page.
      const remoteUnknown = await rendered({ url: '/track', remotes: REMOTES, remoteModule: () => NoSuchPage });
      expect(remoteUnknown.status).toBe(404);
      // A render is its own: the next page is not "not found" because the last one was.
      expect((await rendered({ url: '/', remotes: REMOTES })).status).toBeUndefined();
    });

    it('waits for what the module imports lazily, as the browser will show it once loaded', async () => {
      const screen = await rendered({ url: '/track', remotes: REMOTES, remoteModule: () => WithLazyPart });
      expect(pageWith(screen.html).querySelector('[data-testid="lazy"]')?.textContent).toBe(LAZY_TEXT);
      expect(screen.html).not.toContain('<script');
    });

    it('draws the page again with placeholders when the module fails on the server', async () => {
      const screen = await rendered({ url: '/track', remotes: REMOTES, remoteModule: () => Failing });
      expect(screen.remoteAreas).toEqual([]);
      expect(pageWith(screen.html).querySelector('[aria-label="…"]')).not.toBeNull();
    });

    it('renders one page at a time: each in its own visitor’s language', async () => {
      const [latvian, english] = await Promise.all([
        rendered({ url: '/track', cookieHeader: 'locale=lv', remotes: REMOTES, remoteModule: () => SlowApp }),
        rendered({ url: '/track', cookieHeader: 'locale=en', remotes: REMOTES, remoteModule: () => SlowApp }),
      ]);
      expect(pageWith(latvian.html).querySelector('h1')?.textContent).toBe('mf-tracking: Īslaicīgi nav pieejams');
      expect(pageWith(english.html).querySelector('h1')?.textContent).toBe('mf-tracking: Temporarily unavailable');
    });
  });
});
