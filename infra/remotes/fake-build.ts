// A remote's build as the preset writes it (manifest, entry, description), small enough for tests.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Writes `<root>/mf-demo-<label>/dist` (package version 1.2.0) and returns the dist folder. */
export function fakeBuild(root: string, label: string): string {
  const remote = path.join(root, `mf-demo-${label}`);
  const dist = path.join(remote, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(remote, 'package.json'), JSON.stringify({ name: '@portal/mf-demo', version: '1.2.0' }));
  writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ id: 'mf_demo', label }));
  writeFileSync(path.join(dist, 'remoteEntry.js'), `console.log(${JSON.stringify(label)});`);
  writeFileSync(
    path.join(dist, 'remote.json'),
    JSON.stringify({
      name: 'mf-demo',
      exposes: { './App': './src/App.tsx' },
      routes: [{ path: `/demo-${label}`, title: { en: `Demo ${label}`, lv: `Demo ${label}` } }],
      nav: [],
      widgets: [],
      unavailable: { en: 'Demo is unavailable.', lv: 'Demo nav pieejams.' },
    }),
  );
  return dist;
}
