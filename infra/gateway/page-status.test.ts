import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pageStatus } from './page-status';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The remotes file as the gateway serves it, for every remote of this repository, each with its
 * own description (`remote.config.json`, published as its remote.json): the portal's real routes.
 */
const served = {
  environment: 'test',
  maintenance: false,
  remotes: readdirSync(REPO_ROOT)
    .filter((name) => /^mf-[a-z-]+$/.test(name))
    .map((name) => ({
      name,
      scope: name.replace(/-/g, '_'),
      manifest: `/remotes/${name}/mf-manifest.json`,
      // A switched-off remote's routes are still the portal's: they say "temporarily unavailable".
      enabled: name !== 'mf-calculator',
      description: JSON.parse(readFileSync(path.join(REPO_ROOT, name, 'remote.config.json'), 'utf8')),
    })),
};

describe('pageStatus (issue 40: unknown pages answer 404)', () => {
  it.each([
    '/',
    '/terms',
    '/deadlines',
    '/table',
    '/track',
    '/orders/parcel',
    '/orders/letter/15/success',
    '/my-orders',
    '/user/profile',
    '/complaint',
    '/complaint/42',
    '/settings/notifications',
    '/admin',
    '/admin/cms/editor/7',
    '/auth/callback',
    '/auth/silent-callback',
    '/tariff-calculator',
  ])('%s is a page of the portal: 200', (pathname) => {
    expect(pageStatus(pathname, served)).toBe(200);
  });

  it.each(['/no/such/page', '/track/RR123456785LV/more', '/orders/parcel/1/success/extra', '/termsx', '/auth'])(
    '%s is no page: 404',
    (pathname) => {
      expect(pageStatus(pathname, served)).toBe(404);
    },
  );

  it('knows no remote route without the remote’s description (the shell then shows not-found too)', () => {
    const undescribed = { ...served, remotes: served.remotes.map(({ description: _, ...remote }) => remote) };
    expect(pageStatus('/track', undescribed)).toBe(404);
    expect(pageStatus('/terms', undescribed)).toBe(200);
  });

  it('answers 404 where the first screen drew "Page not found": a path only the remote knows is none of its own', () => {
    expect(pageStatus('/orders/boat', served, { status: 404 })).toBe(404);
    expect(pageStatus('/orders/parcel', served, {})).toBe(200);
    expect(pageStatus('/orders/parcel', served, null)).toBe(200);
  });

  it('answers 200 without a usable remotes file: the shell cannot tell then either', () => {
    expect(pageStatus('/no/such/page', null)).toBe(200);
    expect(pageStatus('/no/such/page', { remotes: 'broken' })).toBe(200);
  });
});
