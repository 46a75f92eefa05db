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

const admin = { adminRoles: ['administrator'] };
const editor = { adminRoles: ['content_editor'] };
const ordinary = { adminRoles: [] };

describe('routeAccess', () => {
  it('lets anyone open a public route', () => {
    expect(routeAccess(routeForPath('/track'), 'anonymous', null, '/track')).toBe('allowed');
  });

  it('sends a visitor at a login-required route to sign in, after the session has loaded', () => {
    expect(routeAccess(routeForPath('/user/profile'), 'loading', null, '/user/profile')).toBe('wait');
    expect(routeAccess(routeForPath('/user/profile'), 'anonymous', null, '/user/profile')).toBe('sign-in');
    expect(routeAccess(routeForPath('/user/profile'), 'authenticated', ordinary, '/user/profile')).toBe('allowed');
  });

  it.each(['/admin', '/admin/cms', '/admin/work_flows/edit/3'])('guards %s by the back-office roles', (path) => {
    const route = routeForPath(path);
    expect(route?.adminOnly).toBe(true);
    expect(routeAccess(route, 'anonymous', null, path)).toBe('sign-in');
    expect(routeAccess(route, 'authenticated', ordinary, path)).toBe('denied');
    expect(routeAccess(route, 'authenticated', null, path)).toBe('denied');
    expect(routeAccess(route, 'authenticated', admin, path)).toBe('allowed');
  });

  it('opens to each back-office role only the sections its role allows', () => {
    const at = (path: string) => routeAccess(routeForPath(path), 'authenticated', editor, path);
    expect(at('/admin')).toBe('allowed');
    expect(at('/admin/cms')).toBe('allowed');
    expect(at('/admin/cms/editor/3')).toBe('allowed');
    expect(at('/admin/tariffs')).toBe('denied');
    expect(at('/admin/audit')).toBe('denied');
    expect(routeAccess(routeForPath('/admin/tariffs'), 'authenticated', admin, '/admin/tariffs')).toBe('allowed');
  });
});
