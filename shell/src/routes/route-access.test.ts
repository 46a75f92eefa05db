import type { RemoteEntry } from '@portal/shared-contracts';
import { routeAccess } from './route-access';
import { routeForPath as routeIn } from './route-owner';

const title = { en: 'Page', lv: 'Lapa' };
const remote = (name: string, routes: { path: string; loginRequired?: boolean; adminOnly?: boolean }[]) => ({
  name,
  scope: name.replace(/-/g, '_'),
  manifest: `/remotes/${name}/mf-manifest.json`,
  enabled: true,
  description: { name, exposes: {}, routes: routes.map((route) => ({ ...route, title })), nav: [], widgets: [] },
});
/** The requirements come from the remotes' descriptions, as the gateway serves them. */
const remotes: RemoteEntry[] = [
  remote('mf-tracking', [{ path: '/track' }]),
  remote('mf-account', [{ path: '/user/profile', loginRequired: true }]),
  remote('mf-admin', [{ path: '/admin/*', adminOnly: true }]),
];
const routeForPath = (pathname: string) => routeIn(pathname, remotes);

const admin = { isAdmin: true };
const ordinary = { isAdmin: false };

describe('routeAccess', () => {
  it('lets anyone open a public route', () => {
    expect(routeAccess(routeForPath('/track'), 'anonymous', null)).toBe('allowed');
  });

  it('sends a visitor at a login-required route to sign in, after the session has loaded', () => {
    expect(routeAccess(routeForPath('/user/profile'), 'loading', null)).toBe('wait');
    expect(routeAccess(routeForPath('/user/profile'), 'anonymous', null)).toBe('sign-in');
    expect(routeAccess(routeForPath('/user/profile'), 'authenticated', ordinary)).toBe('allowed');
  });

  it.each(['/admin', '/admin/cms', '/admin/work_flows/edit/3'])('guards %s by the admin flag', (path) => {
    const route = routeForPath(path);
    expect(route?.adminOnly).toBe(true);
    expect(routeAccess(route, 'anonymous', null)).toBe('sign-in');
    expect(routeAccess(route, 'authenticated', ordinary)).toBe('denied');
    expect(routeAccess(route, 'authenticated', null)).toBe('denied');
    expect(routeAccess(route, 'authenticated', admin)).toBe('allowed');
  });
});
