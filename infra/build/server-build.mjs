// Compiles the server (the gateway, the API, the operator scripts the image runs and every worker
// thread's entry file) from TypeScript to JavaScript, one output file per source file, in the same
// folder layout as the repository:
//   node infra/build/server-build.mjs <outDir>
// The production image runs that output with plain node (no tsx, no compiler at run time). Keeping
// the layout keeps every path a module finds relative to itself (`new URL('./data/…',
// import.meta.url)`, the migrations, the `.data` defaults) the same as in development. Only files the
// entry points reach are compiled; imports are rewritten to the compiled files (`./x` -> `./x.js`,
// `../dev-idp` -> `../dev-idp/index.js`, `@portal/api` -> a relative path), packages stay imports
// of node_modules, JSON a package ships is inlined (plain node needs import attributes for it).
// Worker threads named with `workerModule(import.meta.url, './x')` (api/src/pdf/worker-pool.ts)
// are entry points of their own. Why esbuild (not tsc emit or a bundle): see DESIGN notes in README.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** What the image runs: the gateway, the API alone, and the scripts of the release Job and the operator. */
export const SERVER_ENTRIES = [
  'infra/gateway/start.ts',
  'api/src/main.ts',
  'api/scripts/db-release.ts',
  'api/scripts/db-migrate.ts',
  'api/scripts/db-seed.ts',
  'api/scripts/set-tariffs.ts',
  'api/scripts/import-locations.ts',
  'api/scripts/pseudonymise-orders.ts',
];

const SOURCE = /\.(c|m)?tsx?$/;
const WORKER_MODULE = /workerModule\(\s*import\.meta\.url\s*,\s*'([^']+)'\s*\)/g;

/** The compiled file's path (inside `outDir`) of a source file of the repository. */
function outputOf(file, outDir) {
  const relative = path.relative(REPO_ROOT, file);
  return path.join(
    outDir,
    relative.replace(SOURCE, (_match, kind) => (kind === 'm' ? '.mjs' : '.js')),
  );
}

function specifier(fromFile, toFile) {
  const relative = path.relative(path.dirname(fromFile), toFile).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/**
 * Compiles every source file the entries reach into `outDir`; returns the repository-relative
 * source files compiled or copied.
 */
export async function buildServer(outDir, entries = SERVER_ENTRIES) {
  const done = new Set();
  let pending = entries.map((entry) => path.join(REPO_ROOT, entry));
  while (pending.length > 0) {
    const reached = new Set();
    const compile = pending.filter((file) => !done.has(file));
    for (const file of compile) done.add(file);
    const plain = compile.filter((file) => file.endsWith('.cjs'));
    const code = compile.filter((file) => !file.endsWith('.cjs'));
    // CommonJS files are shipped as they are (compiling them to ESM would change what they export).
    for (const file of plain) {
      if (/require\(\s*['"]\./.test(readFileSync(file, 'utf8'))) {
        throw new Error(`${path.relative(REPO_ROOT, file)}: a CommonJS file with relative requires is not supported`);
      }
      mkdirSync(path.dirname(outputOf(file, outDir)), { recursive: true });
      copyFileSync(file, outputOf(file, outDir));
    }
    // One build per output extension: `.ts`, `.tsx`, `.js` -> `.js`; `.mts`, `.mjs` -> `.mjs`.
    for (const extension of ['.js', '.mjs']) {
      const group = code.filter((file) => path.extname(outputOf(file, outDir)) === extension);
      if (group.length === 0) continue;
      const result = await build({
        entryPoints: group.map((file) => ({
          in: file,
          out: path.relative(REPO_ROOT, file).replace(/\.(c|m)?(t|j)sx?$/, ''),
        })),
        outdir: outDir,
        outExtension: { '.js': extension },
        bundle: true,
        format: 'esm',
        platform: 'node',
        target: 'node20.19',
        jsx: 'automatic',
        sourcemap: 'linked',
        logLevel: 'silent',
        plugins: [
          {
            name: 'one-file-per-source',
            setup(esbuild) {
              esbuild.onResolve({ filter: /.*/ }, async (args) => {
                if (args.kind === 'entry-point' || args.pluginData?.inner) return undefined;
                const local =
                  args.path.startsWith('.') || args.path.startsWith('/') || args.path.startsWith('@portal/');
                // A package's JSON is inlined; every other package import stays an import.
                if (!local && !args.path.endsWith('.json')) return { path: args.path, external: true };
                const resolved = await esbuild.resolve(args.path, {
                  kind: args.kind,
                  resolveDir: args.resolveDir,
                  importer: args.importer,
                  pluginData: { inner: true },
                });
                if (resolved.errors.length > 0) return { errors: resolved.errors };
                const target = resolved.path;
                if (target.endsWith('.json') || target.includes(`${path.sep}node_modules${path.sep}`)) {
                  return local && !target.endsWith('.json') ? { path: args.path, external: true } : undefined;
                }
                if (!target.startsWith(REPO_ROOT + path.sep)) {
                  return { errors: [{ text: `${args.path} resolves outside the repository: ${target}` }] };
                }
                reached.add(target);
                const importerOut = outputOf(args.importer, outDir);
                return { path: specifier(importerOut, outputOf(target, outDir)), external: true };
              });
              esbuild.onLoad({ filter: /\.(c|m)?tsx?$/ }, (args) => {
                const text = readFileSync(args.path, 'utf8');
                for (const [, name = ''] of text.matchAll(WORKER_MODULE)) {
                  reached.add(path.resolve(path.dirname(args.path), `${name}.ts`));
                }
                return undefined;
              });
            },
          },
        ],
      });
      if (result.errors.length > 0) throw new Error(result.errors.map((error) => error.text).join('\n'));
    }
    pending = [...reached].filter((file) => !done.has(file));
  }
  return [...done].map((file) => path.relative(REPO_ROOT, file)).sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir || process.argv.includes('--help')) {
    console.log('usage: node infra/build/server-build.mjs <outDir>');
    process.exit(outDir ? 0 : 2);
  }
  const files = await buildServer(path.resolve(outDir));
  console.log(`compiled ${files.length} server files into ${outDir}`);
}
