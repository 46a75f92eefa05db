import type { RemoteEntry } from '@portal/shared-contracts';
import { ownerOfPath, routeForPath } from './route-owner';

const title = { en: 'Title', lv: 'Virsraksts' };
const entry = (
  name: string,
  routes: { path: string; loginRequired?: boolean; adminOnly?: boolean }[],
  enabled = true,
): RemoteEntry => ({
  name,
  scope: name.replace(/-/g, '_'),
  manifest: `/remotes/${name}/mf-manifest.json`,
  enabled,
  description: {
    name,
    exposes: { './App': './src/exposes/App.tsx' },
    routes: routes.map((route) => ({ ...route, title })),
    nav: [],
    widgets: [],
  },
});

const remotes = [
  entry('mf-order-flow', [{ path: '/orders/:orderType/:id?/:paymentResult?' }, { path: '/my-orders' }]),
  entry('mf-admin', [{ path: '/admin/*', loginRequired: true, adminOnly: true }]),
  entry('mf-calculator', [{ path: '/tariff-calculator' }], false),
];

describe('ownerOfPath', () => {
  it.each([
    ['/orders/parcel', 'mf-order-flow'],
    ['/orders/letter/15/success', 'mf-order-flow'],
    ['/my-orders', 'mf-order-flow'],
    ['/admin', 'mf-admin'],
    ['/admin/work_flows/edit/3', 'mf-admin'],
  ])('%s belongs to %s', (path, name) => {
    const owner = ownerOfPath(path, remotes);
    expect(owner.kind === 'remote' && owner.remote.name).toBe(name);
  });

  it('reports a switched-off remote as unavailable, not as not-found', () => {
    expect(ownerOfPath('/tariff-calculator', remotes)).toEqual({ kind: 'unavailable', name: 'mf-calculator' });
  });

  it('knows no remote path by itself: without descriptions every path is not found', () => {
    expect(ownerOfPath('/track', [])).toEqual({ kind: 'none' });
    expect(ownerOfPath('/my-orders', [{ ...entry('mf-order-flow', []), description: undefined }])).toEqual({
      kind: 'none',
    });
  });

  it('leaves unknown paths to the not-found page', () => {
    expect(ownerOfPath('/nowhere', remotes)).toEqual({ kind: 'none' });
    expect(ownerOfPath('/orders/parcel/1/success/extra', remotes)).toEqual({ kind: 'none' });
  });
});

describe('routeForPath', () => {
  it('gives a remote route with the requirements the remote declares', () => {
    expect(routeForPath('/admin/users', remotes)).toMatchObject({ owner: 'mf-admin', adminOnly: true, title });
  });

  it('gives the shell its own pages', () => {
    expect(routeForPath('/terms', [])).toMatchObject({ owner: 'shell', titleKey: 'pages.terms' });
  });
});
