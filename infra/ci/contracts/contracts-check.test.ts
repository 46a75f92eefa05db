import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkContracts, contractImports } from './contracts-check';

// The contracts check must fail on each way a remote can need more than the shell provides, and
// pass when it does not. The shell's contracts are the repository's own package.
const SHELL_CONTRACTS = path.resolve(import.meta.dirname, '../../../shared-contracts');

function manifest(
  dir: string,
  shared: { name: string; version: string; requiredVersion?: string }[],
  remoteEntry = { name: 'remoteEntry.js', path: '' },
) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ metaData: { remoteEntry }, shared }));
}

function remote(
  root: string,
  name: string,
  shared: { name: string; version: string; requiredVersion?: string }[],
  source: string,
) {
  const dir = path.join(root, name);
  manifest(path.join(dir, 'dist'), shared);
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'src/App.tsx'), source);
  return { name, dist: path.join(dir, 'dist'), src: path.join(dir, 'src') };
}

const pricing = '@portal/shared-contracts/pricing';

describe('contracts check', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'contracts-'));
  const shellDist = path.join(root, 'shell');
  manifest(shellDist, [
    { name: pricing, version: '1.4.0', requiredVersion: '^1.4.0' },
    { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' },
  ]);

  it('passes a remote whose entries, versions and imports the shell provides', () => {
    const good = remote(
      root,
      'mf-good',
      [{ name: pricing, version: '1.2.0', requiredVersion: '^1.2.0' }],
      `import { compareTariffOrder } from '${pricing}';\nimport type { Whatever } from '${pricing}';\nexport const x = compareTariffOrder;`,
    );
    expect(checkContracts({ shellDist, shellContracts: SHELL_CONTRACTS, remotes: [good] })).toEqual([]);
  });

  it('fails a remote that needs a later contract version than the shell provides', () => {
    const newer = remote(root, 'mf-newer', [{ name: pricing, version: '1.5.0', requiredVersion: '^1.5.0' }], '');
    expect(checkContracts({ shellDist, shellContracts: SHELL_CONTRACTS, remotes: [newer] })).toEqual([
      'mf-newer needs @portal/shared-contracts/pricing ^1.5.0; the shell provides 1.4.0',
    ]);
  });

  it('fails a remote whose federation entry is not remoteEntry.js beside its manifest', () => {
    const moved = remote(root, 'mf-moved', [], '');
    manifest(moved.dist, [], { name: 'remoteEntry.js', path: 'static' });
    const renamed = remote(root, 'mf-renamed', [], '');
    manifest(renamed.dist, [], { name: 'entry.js', path: '' });
    expect(checkContracts({ shellDist, shellContracts: SHELL_CONTRACTS, remotes: [moved, renamed] })).toEqual([
      "mf-moved's entry is static/remoteEntry.js; the shell loads remoteEntry.js beside the manifest",
      "mf-renamed's entry is entry.js; the shell loads remoteEntry.js beside the manifest",
    ]);
  });

  it('fails a remote that shares an entry the shell does not provide', () => {
    const extra = remote(
      root,
      'mf-extra',
      [{ name: '@portal/shared-contracts/s10', version: '1.0.0', requiredVersion: '^1.0.0' }],
      '',
    );
    expect(checkContracts({ shellDist, shellContracts: SHELL_CONTRACTS, remotes: [extra] })).toEqual([
      'mf-extra shares @portal/shared-contracts/s10, which the shell does not provide',
    ]);
  });

  it('fails a remote that imports a value the shell’s contracts do not export', () => {
    const wrong = remote(
      root,
      'mf-wrong',
      [{ name: pricing, version: '1.0.0', requiredVersion: '^1.0.0' }],
      `import { compareTariffOrder, priceWithTeleportation } from '${pricing}';\nexport const x = [compareTariffOrder, priceWithTeleportation];`,
    );
    const problems = checkContracts({ shellDist, shellContracts: SHELL_CONTRACTS, remotes: [wrong] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/mf-wrong imports priceWithTeleportation from @portal\/shared-contracts\/pricing/);
  });

  it('reads value imports and re-exports, not type-only ones', () => {
    const file = path.join(root, 'imports.ts');
    writeFileSync(
      file,
      `import { a, type B } from '@portal/shared-contracts';\nimport type { C } from '@portal/shared-contracts/ui';\nexport { d as e } from '@portal/shared-contracts/ui';\nimport { f } from 'react';\n`,
    );
    expect(contractImports(file).map(({ entry, name }) => `${entry}:${name}`)).toEqual([
      '@portal/shared-contracts:a',
      '@portal/shared-contracts/ui:d',
    ]);
  });
});
