// Builds the shell and the remotes in one process (one rspack multi-compiler run).
// Usage: node infra/build/build-all.mjs [name ...]   (default: everything, the embed loaders too)
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { hostConfig, hostServerConfig, REPO_ROOT, remoteConfig, remoteServerConfig } from '@portal/build-preset';
import { runBuilds } from '@portal/build-preset/run-builds';
import { REMOTE_NAMES } from './remotes.mjs';

const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
const wanted = process.argv.slice(2);
const all = ['shell', ...REMOTE_NAMES];
const unknown = wanted.filter((name) => !all.includes(name));
if (unknown.length) {
  console.error(`unknown build target(s): ${unknown.join(', ')}; known: ${all.join(', ')}`);
  process.exit(2);
}
const targets = wanted.length ? wanted : all;
// Each comes with its build for the gateway's first screens (Node), from the same sources.
const configs = targets.flatMap((name) =>
  name === 'shell'
    ? [hostConfig({ mode }), hostServerConfig({ mode })]
    : [remoteConfig({ name, mode }), remoteServerConfig({ name, mode })].filter(Boolean),
);

const started = performance.now();
try {
  await runBuilds(configs, {
    precompressFolders: mode === 'production' ? targets.map((name) => path.join(REPO_ROOT, name, 'dist')) : [],
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// The embed loaders (infra/embed/dist): a production gateway serves them as built, never builds them.
if (wanted.length === 0) {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'infra/embed/build-embed.mjs')], { stdio: 'inherit' });
}
console.log(`built ${targets.join(', ')} (${mode}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
