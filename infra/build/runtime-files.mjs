// The production image's file set, assembled in a folder (the Dockerfile's runtime-files stage; the
// test infra/deploy/runtime-files.test.ts without Docker):
//   node infra/build/runtime-files.mjs <outDir> [--packages=none|link] [--without-frontend] [--embed-dist=<dir>]
// - the server compiled to JavaScript (infra/build/server-build.mjs), no TypeScript source;
// - the files it reads beside its modules: migrations, reference data, CMS content, the
//   environments' remotes files, the embed demo pages and their built loaders (infra/embed/dist,
//   `node infra/embed/build-embed.mjs`; required: the gateway never builds them in this tree);
// - the built shell and remotes (`npm run build`; --without-frontend leaves them out);
// - every workspace's package.json, the lockfile and .npmrc (workspaces.mjs), for `npm ci --omit=dev` there; then
//   `node infra/build/runtime-packages.mjs prune <outDir>` keeps only what the server uses.
//   --packages=link instead links that closure from this checkout's install (no network).
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES } from './remotes.mjs';
import { link } from './runtime-packages.mjs';
import { buildServer, REPO_ROOT } from './server-build.mjs';
import { copyInstallManifests } from './workspaces.mjs';

/** The embed loaders the gateway serves under /embed/dist/ (infra/embed/*-embed.ts). */
export const EMBED_WIDGETS = readdirSync(path.join(REPO_ROOT, 'infra/embed'))
  .filter((file) => file.endsWith('-embed.ts'))
  .map((file) => file.slice(0, -'-embed.ts'.length));

/** Folders (repository-relative) copied as they are: data the server reads beside its modules. */
function assetFolders() {
  const folders = ['api/drizzle', 'infra/environments'];
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(REPO_ROOT, relative), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const child = `${relative}/${entry.name}`;
      if (entry.name === 'data' || entry.name === 'content') folders.push(child);
      else walk(child);
    }
  };
  walk('api/src');
  return folders;
}

function copy(relative, outDir) {
  const source = path.join(REPO_ROOT, relative);
  if (!existsSync(source)) throw new Error(`${relative} is missing: run the build first (README, "Image")`);
  cpSync(source, path.join(outDir, relative), { recursive: true });
}

/**
 * `embedDist`: the built embed loaders (default infra/embed/dist); `packages`: 'none' (then
 * `npm ci --omit=dev` and `runtime-packages.mjs prune`) or 'link'; `frontend`: the shell and remotes.
 */
export async function runtimeFiles(
  outDir,
  { packages = 'none', frontend = true, embedDist = path.join(REPO_ROOT, 'infra/embed/dist') } = {},
) {
  mkdirSync(outDir, { recursive: true });
  const compiled = await buildServer(outDir);
  // Every workspace's manifest, found the way the Dockerfiles find them (workspaces.mjs).
  copyInstallManifests(REPO_ROOT, outDir);
  for (const folder of assetFolders()) copy(folder, outDir);
  for (const widget of EMBED_WIDGETS) {
    copy(`infra/embed/${widget}.html`, outDir);
    if (!existsSync(path.join(embedDist, `${widget}-embed.js`))) {
      throw new Error(`the embed loader ${widget}-embed.js is not built: run npm run build`);
    }
  }
  // The loaders with their chunks (the federation runtime).
  cpSync(embedDist, path.join(outDir, 'infra/embed/dist'), { recursive: true });
  if (frontend) {
    for (const name of ['shell', ...REMOTE_NAMES]) {
      copy(`${name}/dist`, outDir);
      if (existsSync(path.join(REPO_ROOT, name, 'dist-server'))) copy(`${name}/dist-server`, outDir);
    }
  }
  // The folder the process writes (a volume in Kubernetes); everything else is read-only.
  mkdirSync(path.join(outDir, '.data'), { recursive: true });
  if (packages === 'link') link(REPO_ROOT, outDir);
  return { compiled };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [outDir, ...flags] = process.argv.slice(2);
  const packages = flags.find((flag) => flag.startsWith('--packages='))?.slice('--packages='.length) ?? 'none';
  if (!outDir || outDir === '--help' || !['none', 'link'].includes(packages)) {
    console.log(
      'usage: node infra/build/runtime-files.mjs <outDir> [--packages=none|link] [--without-frontend] [--embed-dist=<dir>]',
    );
    process.exit(outDir === '--help' ? 0 : 2);
  }
  const embedDist = flags.find((flag) => flag.startsWith('--embed-dist='))?.slice('--embed-dist='.length);
  const { compiled } = await runtimeFiles(path.resolve(outDir), {
    packages,
    frontend: !flags.includes('--without-frontend'),
    ...(embedDist ? { embedDist: path.resolve(embedDist) } : {}),
  });
  console.log(`runtime files in ${outDir}: ${compiled.length} compiled server files`);
}
