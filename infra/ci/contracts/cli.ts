// `npm run contracts:check` (and a step of `npm test` after the build): the shell's build and every
// remote's build and sources, checked with contracts-check.ts. Exit 1 with one line per problem.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REMOTE_NAMES } from '../../build/remotes.mjs';
import { checkContracts } from './contracts-check';

const root = path.resolve(import.meta.dirname, '../../..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'shell-dist': { type: 'string' }, 'shell-contracts': { type: 'string' } },
});
const folders =
  positionals.length > 0
    ? positionals.map((folder) => path.resolve(folder))
    : REMOTE_NAMES.map((name: string) => path.join(root, name));
const shellDist = path.resolve(values['shell-dist'] ?? path.join(root, 'shell/dist'));
const missing = [shellDist, ...folders.map((folder) => path.join(folder, 'dist'))].filter(
  (dist) => !existsSync(path.join(dist, 'mf-manifest.json')),
);
if (missing.length > 0) {
  console.error(`contracts check: no build in ${missing.join(', ')} (run npm run build first)`);
  process.exit(1);
}
const problems = checkContracts({
  shellDist,
  shellContracts: path.resolve(values['shell-contracts'] ?? path.join(root, 'shared-contracts')),
  remotes: folders.map((folder) => ({
    name: path.basename(folder),
    dist: path.join(folder, 'dist'),
    src: path.join(folder, 'src'),
  })),
});
for (const problem of problems) console.error(`contracts check: ${problem}`);
console.log(`contracts check: ${folders.length} remote(s) against the shell, ${problems.length} problem(s)`);
process.exit(problems.length > 0 ? 1 : 0);
