// The repository's workspaces, read from the root package.json: the one list the build, the
// container files and the image's file set follow (issue 39 item 2), so a new remote is a folder
// and its line in package.json, and no Dockerfile or deploy file names it.
//   node infra/build/workspaces.mjs manifests <outDir>   (run from the repository root)
// copies the install's inputs (package.json, package-lock.json, .npmrc and every workspace's
// package.json) to <outDir>: the Dockerfiles' `manifests` stage, so `npm ci` sees every workspace
// and its layer is reused as long as none of those files changes.
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The files at the root that `npm ci` reads besides the workspaces' manifests. */
const INSTALL_FILES = ['package.json', 'package-lock.json', '.npmrc'];

/** The workspace folders of the repository at `root`, as its package.json lists them. */
export function workspaceFolders(root) {
  const { workspaces = [] } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  for (const folder of workspaces) {
    // A pattern would make the list depend on what happens to be on disk (a stray folder, a build
    // output): the list stays explicit, and a pattern is refused here rather than half-supported.
    if (/[*?[{]/.test(folder)) throw new Error(`workspace patterns are not supported: ${folder}`);
    if (!existsSync(path.join(root, folder, 'package.json'))) throw new Error(`${folder}/package.json is missing`);
  }
  return workspaces;
}

/** Remote names (`mf-order-flow`, …): the `mf-*` workspaces. */
export function remoteNames(root) {
  return workspaceFolders(root).filter((name) => /^mf-[a-z-]+$/.test(name));
}

/** Copies what `npm ci` reads from `root` into `outDir`, keeping the folders; the paths copied. */
export function copyInstallManifests(root, outDir) {
  const files = [
    ...INSTALL_FILES.filter((file) => file === 'package.json' || existsSync(path.join(root, file))),
    ...workspaceFolders(root).map((folder) => `${folder}/package.json`),
  ];
  for (const file of files) {
    mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(outDir, file));
  }
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, outDir] = process.argv.slice(2);
  if (command !== 'manifests' || !outDir) {
    console.error('usage: node infra/build/workspaces.mjs manifests <outDir>   (from the repository root)');
    process.exit(2);
  }
  const files = copyInstallManifests(process.cwd(), path.resolve(outDir));
  console.log(`${files.length} install manifests in ${outDir}`);
}
