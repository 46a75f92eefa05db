import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BOOT_DATA_ELEMENT_ID, type WidgetPlacement } from '@portal/shared-contracts';
import { bootPage, preloadsOf, remotesForPath } from './boot-page';

const remote = (name: string, routes: string[], widgets = 0, enabled = true, placement: WidgetPlacement = 'start') => ({
  name,
  manifest: `/remotes/${name}/mf-manifest.json`,
  enabled,
  description: {
    routes: routes.map((routePath) => ({ path: routePath })),
    widgets: Array.from({ length: widgets }, () => ({ expose: './Card', placement })),
  },
});
const REMOTES = [
  remote('mf-order-flow', ['/orders/:orderType/:id?/:paymentResult?', '/my-orders'], 2),
  remote('mf-tracking', ['/track'], 1),
  remote('mf-map', ['/postal-network']),
  remote('mf-admin', ['/admin/*'], 0, false),
  // Widgets for a signed-in user only (the header's bell, the home page's lists).
  remote('mf-account', ['/settings'], 2, true, 'header'),
];

describe('remotesForPath', () => {
  it('is the route’s owner, matched as the shell matches routes', () => {
    expect(remotesForPath('/track', REMOTES).map((r) => r.name)).toEqual(['mf-tracking']);
    expect(remotesForPath('/orders/parcel/12', REMOTES).map((r) => r.name)).toEqual(['mf-order-flow']);
    expect(remotesForPath('/postal-network', REMOTES).map((r) => r.name)).toEqual(['mf-map']);
  });
  it('is the remotes of the widgets every visitor sees on the home page, and nothing for an unknown or switched-off route', () => {
    expect(remotesForPath('/', REMOTES).map((r) => r.name)).toEqual(['mf-order-flow', 'mf-tracking']);
    expect(remotesForPath('/nowhere', REMOTES)).toEqual([]);
    expect(remotesForPath('/admin/users', REMOTES)).toEqual([]);
  });
});

describe('preloadsOf', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'remote-dist-'));
  writeFileSync(
    path.join(folder, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ name: 'App', assets: { js: { sync: ['__federation_expose_App.0123abcd.js'] } } }],
    }),
  );
  const tracking = remote('mf-tracking', ['/track']);

  it('lists the entry and the exposed module’s chunks, not the manifest (the shell does not load it)', async () => {
    expect(await preloadsOf(tracking, './App', () => folder)).toEqual([
      { href: '/remotes/mf-tracking/remoteEntry.js' },
      { href: '/remotes/mf-tracking/__federation_expose_App.0123abcd.js' },
    ]);
    expect(await preloadsOf(tracking, undefined, () => folder)).toEqual([
      { href: '/remotes/mf-tracking/remoteEntry.js' },
    ]);
  });
  it('is nothing for a remote on another origin or without a build', async () => {
    expect(
      await preloadsOf({ ...tracking, manifest: 'https://cdn.example/mf-manifest.json' }, './App', () => folder),
    ).toEqual([]);
    expect(await preloadsOf(tracking, './App', () => path.join(folder, 'missing'))).toEqual([]);
  });
});

describe('bootPage', () => {
  const template = '<!doctype html><html><head><title>portal</title></head><body><div id="root"></div></body></html>';
  it('writes the data block and the preloads before </head>, the data unable to close its element', () => {
    const page = bootPage(template, { remotes: { environment: '</script><script>alert(1)</script>' } }, [
      { href: '/remotes/mf-tracking/remoteEntry.js' },
    ]);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain(`<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">`);
    expect(head).toContain('<link rel="preload" href="/remotes/mf-tracking/remoteEntry.js" as="script">');
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    const block = /id="portal-boot">(.*?)<\/script>/.exec(page)?.[1] ?? '';
    expect(JSON.parse(block)).toEqual({ remotes: { environment: '</script><script>alert(1)</script>' } });
  });
});
