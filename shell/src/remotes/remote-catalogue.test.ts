import type { RemoteDescription, RemoteEntry } from '@portal/shared-contracts';
import { homeWidgets, localize, navItems } from './remote-catalogue';

const label = (en: string) => ({ en, lv: `${en} (lv)` });
const entry = (name: string, description: Partial<RemoteDescription>, enabled = true): RemoteEntry => ({
  name,
  scope: name.replace(/-/g, '_'),
  manifest: `/remotes/${name}/mf-manifest.json`,
  enabled,
  description: { name, exposes: {}, routes: [], nav: [], widgets: [], ...description },
});

const remotes = [
  entry('mf-b', {
    nav: [{ to: '/b', label: label('B'), order: 20 }],
    widgets: [
      { expose: './BCard', placement: 'start', order: 20 },
      { expose: './BList', placement: 'signed-in', order: 1 },
    ],
  }),
  entry('mf-a', {
    nav: [{ to: '/a', label: label('A'), order: 10 }],
    widgets: [{ expose: './ACard', placement: 'start', order: 10, minHeight: 220 }],
  }),
  entry(
    'mf-off',
    {
      nav: [{ to: '/off', label: label('Off'), order: 1 }],
      widgets: [{ expose: './Off', placement: 'start', order: 1 }],
    },
    false,
  ),
];

describe('remote catalogue', () => {
  it('orders navigation across remotes by the order they declare, only for usable remotes', () => {
    const usable = (name: string) => name !== 'mf-off';
    expect(navItems(remotes, usable).map((item) => [item.to, item.owner])).toEqual([
      ['/a', 'mf-a'],
      ['/b', 'mf-b'],
    ]);
  });

  it('gives the home page the widgets of enabled remotes per placement, in order', () => {
    // The room a widget keeps while it loads comes from its remote's description (issue 18).
    expect(homeWidgets(remotes, 'start')).toEqual([
      { remote: 'mf-a', expose: './ACard', minHeight: 220 },
      { remote: 'mf-b', expose: './BCard' },
    ]);
    expect(homeWidgets(remotes, 'signed-in')).toEqual([{ remote: 'mf-b', expose: './BList' }]);
    expect(homeWidgets(remotes, 'company')).toEqual([]);
  });

  it('speaks the visitor’s language', () => {
    expect(localize(label('Send'), 'lv')).toBe('Send (lv)');
    expect(localize(label('Send'), 'en')).toBe('Send');
  });
});
