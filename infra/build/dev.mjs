// A team's own loop in the monorepo (issue 16): `npm run dev -w mf-calculator` (or `node
// infra/build/dev.mjs mf-calculator [--port 3001]`) serves the remote from rspack's dev server with
// hot reload and points the running development portal at it (build-preset/dev-server.mjs);
// `npm run dev -w shell` serves the shell on :3000 with the portal's API behind it. From a remote's
// own folder outside the monorepo: `portal-remote dev` (build-preset/cli.mjs).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serveForDevelopment } from '@portal/build-preset/dev-server';
import { REMOTE_NAMES } from './remotes.mjs';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string' } },
});
const name = positionals[0];
if (!name || (name !== 'shell' && !REMOTE_NAMES.includes(name))) {
  console.error(`usage: node infra/build/dev.mjs <shell|${REMOTE_NAMES.join('|')}> [--port N]`);
  process.exit(2);
}
await serveForDevelopment({
  name,
  dir: path.join(REPO_ROOT, name),
  port: Number(values.port ?? (name === 'shell' ? 3000 : 3001 + REMOTE_NAMES.indexOf(name))),
  portalUrl: process.env.PORTAL_URL ?? 'http://localhost:8080',
  overridesFile: path.resolve(REPO_ROOT, process.env.REMOTE_OVERRIDES_FILE ?? '.data/remote-overrides.json'),
});
