import type { RemoteEntry } from '@portal/shared-contracts';
import { ownerOfPath } from './route-owner';

const entry = (name: string, paths: string[], enabled = true): RemoteEntry => ({
  name,
  scope: name.replace(/-/g, '_'),
  manifest: `/remotes/${name}/mf-manifest.json`,
  paths,
  enabled,
  widgets: [],
});

const remotes = [
  entry('mf-order-flow', ['/orders/:orderType/:id?/:paymentResult?', '/my-orders']),
  entry('mf-admin', ['/admin/*']),
  entry('mf-calculator', ['/tariff-calculator'], false),
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

  it('falls back to the route table when remotes.json does not list the path', () => {
    expect(ownerOfPath('/track', [])).toEqual({ kind: 'unavailable', name: 'mf-tracking' });
    expect(ownerOfPath('/complaint/77', [])).toEqual({ kind: 'unavailable', name: 'mf-account' });
  });

  it('leaves unknown paths to the not-found page', () => {
    expect(ownerOfPath('/nowhere', remotes)).toEqual({ kind: 'none' });
    expect(ownerOfPath('/orders/parcel/1/success/extra', remotes)).toEqual({ kind: 'none' });
  });
});
