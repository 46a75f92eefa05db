import { routeAccess } from './route-access';
import { routeForPath } from './route-owner';

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
