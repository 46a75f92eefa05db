// Builds the shell and the remotes in one process (one rspack multi-compiler run).
// Usage: node infra/build/build-all.mjs [name ...]   (default: everything, the embed loaders too)
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { precompress } from './precompress.mjs';
import { hostConfig, hostServerConfig, REPO_ROOT, remoteConfig, remoteServerConfig } from './preset.mjs';
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
rspack(configs).run(async (error, stats) => {
  if (error) {
    console.error(error);
    process.exit(1);
  }
  const info = stats.toJson({ all: false, errors: true, warnings: true });
  for (const child of info.children ?? []) {
    for (const warning of child.warnings ?? []) console.warn(`[${child.name}] warning: ${warning.message}`);
    for (const failure of child.errors ?? []) console.error(`[${child.name}] error: ${failure.message}`);
  }
  if (stats.hasErrors()) {
    console.error(`build failed after ${((performance.now() - started) / 1000).toFixed(1)} s`);
    process.exit(1);
  }
  if (mode === 'production') {
    await Promise.all(targets.map((name) => precompress(path.join(REPO_ROOT, name, 'dist'))));
  }
  // The embed loaders (infra/embed/dist): a production gateway serves them as built, never builds them.
  if (wanted.length === 0) {
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'infra/embed/build-embed.mjs')], { stdio: 'inherit' });
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`built ${targets.join(', ')} (${mode}) in ${seconds} s`);
});
