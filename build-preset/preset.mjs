// The single build preset for the shell and every remote (DESIGN §3, issue #2).
// A remote is described by {name, exposes}; everything else (loaders, shared singletons,
// manifest, output layout) lives here so that all remotes stay alike.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { DESCRIPTION_FILE, readDescription } from './description.mjs';
import { FIRST_SCREEN_BUNDLE, FIRST_SCREEN_FILE } from './outputs.mjs';
import { exposeFileName, REMOTE_PUBLIC_PATH_MODULE, REMOTE_SERVER_FOLDER } from './remote-server-outputs.cjs';
import { SHARED_SINGLETONS, sharedConfig } from './shared-deps.mjs';

/**
 * The platform's repository when the preset is its workspace (`build-preset/`); a remote built from
 * its own folder names its folder (`dir`, the `portal-remote` command's working folder) instead.
 */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

const require = createRequire(import.meta.url);

/**
 * Rspack's federation plugin finds the bundler runtime with `require.resolve`, so every build took
 * its CommonJS files, and through them the CommonJS files of the runtime core and the SDK, which
 * cannot be tree-shaken: each `remoteEntry.js` carried 21 KB (minified) of the SDK, its Node code
 * included, to use `decodeName`, and the shell's first chunk 87 KB of runtime core and SDK
 * (issue 18). Their ES module builds let the bundler keep what is used: remote entries 17 -> 10 KB
 * gzip, the shell's runtime 35 -> 30 KB. All three at once: one of them left in CommonJS brings a
 * second copy of what it imports (the bundler runtime alone made the shell 7 KB larger).
 */
const esmBuildOf = (name) => path.join(path.dirname(require.resolve(name)), 'index.js');
const FEDERATION_RUNTIME_AS_ESM = {
  [require.resolve('@module-federation/webpack-bundler-runtime')]: esmBuildOf(
    '@module-federation/webpack-bundler-runtime',
  ),
  '@module-federation/runtime-core$': esmBuildOf('@module-federation/runtime-core'),
  '@module-federation/sdk$': esmBuildOf('@module-federation/sdk'),
};

/**
 * The same for `@module-federation/runtime`, which the federation plugin's own runtime module
 * imports past any alias: each remote entry carried its CommonJS build, and with it the CommonJS
 * error codes beside the ES module ones.
 */
const federationRuntimeAsEsm = () =>
  new rspack.NormalModuleReplacementPlugin(/^@module-federation\/runtime$/, esmBuildOf('@module-federation/runtime'));

/**
 * Mantine's AppShell parts import `react-remove-scroll` for one class name: there they get
 * `app-shell-scroll-classes.ts` (the same names), and the scroll lock stays with the overlays that
 * use it (ModalBase). `app-shell-scroll-classes.test.ts` holds the names to the package's.
 */
const appShellScrollClasses = () =>
  new rspack.NormalModuleReplacementPlugin(/^react-remove-scroll$/, (resource) => {
    if (/[\\/]@mantine[\\/]core[\\/].*[\\/]AppShell[\\/]/.test(resource.context ?? ''))
      resource.request = path.join(import.meta.dirname, 'app-shell-scroll-classes.ts');
  });

/**
 * Files a package's `exports` does not list that a page loads as they are (`?url`, below): the
 * browser build of supercluster, which mf-map's cluster worker imports (a worker script is not
 * bundled). Named here by their published path.
 */
const packageFile = (name, file) => path.join(path.dirname(require.resolve(name)), file);
const PACKAGE_FILES_SERVED_AS_THEY_ARE = servedAsTheyAre('supercluster', 'dist/supercluster.min.js');

/** The alias of a package's file, when the package is installed (a remote without it needs none). */
function servedAsTheyAre(name, file) {
  try {
    return { [`${name}/${file}$`]: packageFile(name, file) };
  } catch {
    return {};
  }
}

/** `mf-order-flow` → `mf_order_flow`: a federation container name must be a JS identifier. */
export function scopeOf(name) {
  return name.replace(/-/g, '_');
}

function baseConfig({ dir, mode }) {
  const production = mode === 'production';
  return {
    mode,
    context: dir,
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      // A remote kept outside this repository (a team's own checkout, the mf-hello e2e test)
      // still builds against the platform's packages.
      modules: ['node_modules', path.join(REPO_ROOT, 'node_modules')],
      alias: { ...FEDERATION_RUNTIME_AS_ESM, ...PACKAGE_FILES_SERVED_AS_THEY_ARE },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          // The platform's packages are published as TypeScript sources (`@portal/shared-contracts`):
          // a remote built from its own folder has them in node_modules, so they are compiled too.
          exclude: /node_modules[\\/](?!@portal[\\/])/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
            env: { targets: 'chrome >= 120, firefox >= 115, safari >= 16.4' },
          },
          type: 'javascript/auto',
        },
        // Without the Mantine rules the portal cannot use (its dark scheme, unused palettes).
        {
          test: /\.css$/,
          type: 'css/auto',
          use: [{ loader: path.join(import.meta.dirname, 'unused-styles-loader.cjs') }],
        },
        // Illustrations: served as files (their URL is imported), so they cost no JavaScript.
        { test: /\.svg$/, type: 'asset/resource' },
        // A script that runs as written, beside the bundle (`import url from './x.js?url'`): a worker's
        // (mf-map's cluster index). Bundled, a worker would carry the federation runtime.
        {
          resourceQuery: /^\?url$/,
          type: 'asset/resource',
          generator: { filename: '[name].[contenthash:8][ext]' },
        },
      ],
    },
    optimization: {
      minimize: production,
      // A stylesheet used by two chunks is split out like a script, however small: under the
      // default 20 KB it was copied into both, and a page that loads both downloaded it twice.
      splitChunks: { minSize: { javascript: 20_000, css: 0 } },
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}

/**
 * Publishes the remote's description (`remote.config.json`) as `remote.json` beside its manifest;
 * the gateway inlines it into `/remotes.json`, so the shell gets it with no request of its own.
 */
class PublishDescriptionPlugin {
  constructor(description) {
    this.text = `${JSON.stringify(description)}\n`;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PublishDescriptionPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PublishDescriptionPlugin' }, () => {
        compilation.emitAsset('remote.json', new (compiler.rspack ?? compiler.webpack).sources.RawSource(this.text));
      });
    });
  }
}

/**
 * A remote: builds `<dir>/dist` with `remoteEntry.js`, `mf-manifest.json` and `remote.json`.
 * `dir` defaults to the workspace folder `<repo>/<name>`; everything else comes from the
 * remote's own `remote.config.json`.
 */
export function remoteConfig({ name, dir = path.join(REPO_ROOT, name), mode = 'production' }) {
  const description = readDescription(dir);
  if (description.name !== name) {
    throw new Error(`${path.join(dir, DESCRIPTION_FILE)} describes ${description.name}, not ${name}`);
  }
  const { exposes } = description;
  return {
    ...baseConfig({ dir, mode }),
    name,
    entry: {},
    output: {
      path: path.join(dir, 'dist'),
      // 'auto' lets the same build be served from the gateway or from its own origin.
      publicPath: 'auto',
      uniqueName: scopeOf(name),
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      // The Node build (remoteServerConfig), when there is one, writes into the same folder in the same run.
      clean: description.firstScreen?.length
        ? { keep: (file) => path.relative(path.join(dir, 'dist'), file).split(path.sep)[0] === REMOTE_SERVER_FOLDER }
        : true,
    },
    plugins: [
      new ModuleFederationPlugin({
        name: scopeOf(name),
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedConfig(dir),
        manifest: true,
        // Type generation makes a build ten times slower and writes cache folders (STACK-NOTES).
        dts: false,
        // The federation runtime comes from the shell (provideExternalRuntime below) instead of
        // ~17 KB gzip of it inside every remoteEntry.js; `target: 'web'` drops its Node branches.
        experiments: { externalRuntime: true, optimization: { target: 'web' } },
      }),
      federationRuntimeAsEsm(),
      appShellScrollClasses(),
      new PublishDescriptionPlugin(description),
    ],
  };
}

/** Builds for Node share the same singletons as the browser's: taken from the shell's server build. */
const SERVER_EXTERNALS = Object.fromEntries(
  [...SHARED_SINGLETONS, REMOTE_PUBLIC_PATH_MODULE].map((entry) => [entry, `commonjs ${entry}`]),
);

/**
 * A remote's exposed modules for Node (issue 18): `<dir>/dist/.server/<expose>.cjs`, one CommonJS
 * file for each expose its description lists under `firstScreen` (none: no build, null), which the
 * gateway renders into a page's first screen with the shell's Node build.
 * The platform's shared singletons are not in it: it `require`s them, and the gateway answers with
 * the shell server build's own instances (React, the router, i18next, the platform's context), as
 * the federation runtime shares the shell's in the browser. A module that still fails in Node (it
 * reaches for `window` when it loads) fails to load there, and its area stays the placeholder the
 * browser fills. No styles (the page links the browser build's), illustrations named as the
 * browser build names them, under the folder the gateway says (remote-public-path.js).
 */
export function remoteServerConfig({ name, dir = path.join(REPO_ROOT, name), mode = 'production' }) {
  const { exposes, firstScreen = [] } = readDescription(dir);
  const unknown = firstScreen.filter((expose) => !exposes[expose]);
  if (unknown.length) throw new Error(`${name}'s firstScreen names ${unknown.join(', ')}, which it does not expose`);
  if (firstScreen.length === 0) return null;
  const node = nodeBuildOf(baseConfig({ dir, mode }));
  return {
    ...node,
    name: `${name}-server`,
    entry: Object.fromEntries(
      firstScreen.map((expose) => [
        exposeFileName(expose),
        [path.join(import.meta.dirname, 'remote-public-path.js'), exposes[expose]],
      ]),
    ),
    output: {
      path: path.join(dir, 'dist', REMOTE_SERVER_FOLDER),
      publicPath: '',
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      // One file per expose, with what it imports lazily inside: the gateway loads each file alone.
      asyncChunks: false,
      clean: true,
    },
    externals: SERVER_EXTERNALS,
    externalsType: 'commonjs',
    optimization: { ...node.optimization, splitChunks: false },
  };
}

/**
 * What a build for Node changes of the browser's: no styles (every `.css` import is replaced: the
 * page links the browser build's stylesheets), illustrations named as the browser build names them
 * (same content hash) without writing them again, and readable stack traces in the gateway's log
 * (not minified).
 */
function nodeBuildOf(base) {
  return {
    ...base,
    target: 'node20',
    devtool: false,
    module: {
      rules: base.module.rules.map((rule) =>
        String(rule.test) === String(/\.svg$/) ? { ...rule, generator: { emit: false } } : rule,
      ),
    },
    optimization: { minimize: false },
    plugins: [new rspack.NormalModuleReplacementPlugin(/\.css$/, path.join(import.meta.dirname, 'no-styles.js'))],
  };
}

/**
 * The shared entries whose styles the first screen draws with: the UI kit's main entry (Mantine's
 * base styles and the components of the header, footer and home page). Its forms, overlays and
 * table come later, with the screens that use them.
 */
const FIRST_SCREEN_SHARED = ['@portal/shared-contracts/ui'];

/**
 * Writes `first-screen.json`: the stylesheets the shell's first render needs (its `bootstrap`
 * chunk's own and those of FIRST_SCREEN_SHARED, from the federation manifest) and those of every
 * shared entry that has any, so that the gateway
 * links them in the page's head and server-rendered markup paints styled (issue 18). Without them
 * the browser would load them only once the shell's script asks for its chunks.
 */
class FirstScreenCssPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.rspack;
    compiler.hooks.thisCompilation.tap('FirstScreenCssPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'FirstScreenCssPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const own = compilation.namedChunkGroups.get('bootstrap')?.getFiles() ?? [];
          const manifest = compilation.getAsset('mf-manifest.json');
          if (!manifest) throw new Error('the federation manifest is needed before the first screen is listed');
          const sharedEntries = JSON.parse(manifest.source.source().toString()).shared;
          const cssOf = (entry) => entry.assets.css.sync.filter((file) => file.endsWith('.css'));
          const shared = sharedEntries.filter((entry) => FIRST_SCREEN_SHARED.includes(entry.name)).flatMap(cssOf);
          const css = [...new Set([...shared, ...own])].filter((file) => file.endsWith('.css'));
          // Each shared entry's own stylesheets: those of the entries a remote's area drawn on the
          // server uses (the UI kit's forms, say) go into that page too.
          const sharedCss = Object.fromEntries(
            sharedEntries.filter((entry) => cssOf(entry).length > 0).map((entry) => [entry.name, cssOf(entry)]),
          );
          compilation.emitAsset(
            FIRST_SCREEN_FILE,
            new sources.RawSource(`${JSON.stringify({ css, shared: sharedCss })}\n`),
          );
        },
      );
    });
  }
}

/** The shell (host): no remotes at build time; it reads remotes.json at start. */
export function hostConfig({ mode = 'production' } = {}) {
  const dir = path.join(REPO_ROOT, 'shell');
  return {
    ...baseConfig({ dir, mode }),
    name: 'shell',
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(dir, 'dist'),
      publicPath: '/',
      uniqueName: 'shell',
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      clean: true,
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: sharedConfig(dir),
        // The shell's manifest lists what it provides (shared entries and versions): the contracts
        // check (infra/ci/contracts-check.mjs) holds every remote's needs against it.
        manifest: true,
        dts: false,
        // The shell registers each remote by its remoteEntry.js (remoteEntryUrlOf), not its
        // manifest, so the runtime needs no manifest "snapshot" code; no Node branches either.
        experiments: { provideExternalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } },
      }),
      federationRuntimeAsEsm(),
      appShellScrollClasses(),
      new rspack.HtmlRspackPlugin({
        template: path.join(dir, 'src/index.html'),
        favicon: path.join(dir, 'src/favicon.svg'),
      }),
      new FirstScreenCssPlugin(),
    ],
  };
}

/**
 * The shell's first screen for Node (`shell/src/server/first-screen.tsx`): one CommonJS file that
 * the gateway loads to render each page's markup. Same sources and resolution as the browser build;
 * no federation (its runtime is replaced by a stand-in the server never calls): a remote's area is
 * rendered with the remote's own Node build when the gateway has loaded it (remoteServerConfig),
 * else as its placeholder (shell/src/browser/BrowserOnly.tsx).
 */
export function hostServerConfig({ mode = 'production' } = {}) {
  const dir = path.join(REPO_ROOT, 'shell');
  const node = nodeBuildOf(baseConfig({ dir, mode }));
  return {
    ...node,
    name: 'shell-server',
    entry: { 'first-screen': './src/server/first-screen.tsx' },
    output: {
      path: path.dirname(FIRST_SCREEN_BUNDLE),
      publicPath: '/',
      filename: path.basename(FIRST_SCREEN_BUNDLE),
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: {
      ...node.resolve,
      alias: {
        ...node.resolve.alias,
        '@module-federation/enhanced/runtime$': path.join(dir, 'src/server/federation-runtime.ts'),
      },
    },
    // One file: lazy pages are not on a first screen.
    plugins: [...node.plugins, new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
  };
}
