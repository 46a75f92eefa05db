// The single build preset for the shell and every remote (DESIGN §3, issue #2).
// A remote is described by {name, exposes}; everything else (loaders, shared singletons,
// manifest, output layout) lives here so that all remotes stay alike.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { FIRST_SCREEN_BUNDLE, FIRST_SCREEN_FILE } from './outputs.mjs';
import { DESCRIPTION_FILE, readDescription } from './remotes.mjs';
import { sharedConfig } from './shared-deps.mjs';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

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
      alias: FEDERATION_RUNTIME_AS_ESM,
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
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
        { test: /\.css$/, type: 'css/auto' },
        // Illustrations: served as files (their URL is imported), so they cost no JavaScript.
        { test: /\.svg$/, type: 'asset/resource' },
      ],
    },
    optimization: { minimize: production },
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
      clean: true,
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
        // ~17 KB gzip of it inside every remoteEntry.js.
        experiments: { externalRuntime: true },
      }),
      new PublishDescriptionPlugin(description),
    ],
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
 * chunk's own and those of FIRST_SCREEN_SHARED, from the federation manifest), so that the gateway
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
          const shared = JSON.parse(manifest.source.source().toString())
            .shared.filter((entry) => FIRST_SCREEN_SHARED.includes(entry.name))
            .flatMap((entry) => entry.assets.css.sync);
          const css = [...new Set([...shared, ...own])].filter((file) => file.endsWith('.css'));
          compilation.emitAsset(FIRST_SCREEN_FILE, new sources.RawSource(`${JSON.stringify({ css })}\n`));
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
        experiments: { provideExternalRuntime: true },
      }),
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
 * no federation (its runtime is replaced by a stand-in the server never calls: remote areas render
 * their placeholders there, shell/src/browser/BrowserOnly.tsx), no styles (the page links the browser build's), and illustrations named as the
 * browser build names them (same content hash) without writing them again.
 */
export function hostServerConfig({ mode = 'production' } = {}) {
  const dir = path.join(REPO_ROOT, 'shell');
  const base = baseConfig({ dir, mode });
  return {
    ...base,
    name: 'shell-server',
    target: 'node20',
    devtool: false,
    entry: { 'first-screen': './src/server/first-screen.tsx' },
    output: {
      path: path.dirname(FIRST_SCREEN_BUNDLE),
      publicPath: '/',
      filename: path.basename(FIRST_SCREEN_BUNDLE),
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: {
      ...base.resolve,
      alias: {
        ...base.resolve.alias,
        '@module-federation/enhanced/runtime$': path.join(dir, 'src/server/federation-runtime.ts'),
      },
    },
    module: {
      rules: base.module.rules.map((rule) =>
        String(rule.test) === String(/\.svg$/) ? { ...rule, generator: { emit: false } } : rule,
      ),
    },
    // Readable stack traces in the gateway's log; one file (lazy pages are not on a first screen).
    optimization: { minimize: false },
    plugins: [
      new rspack.NormalModuleReplacementPlugin(/\.css$/, path.join(dir, 'src/server/no-styles.ts')),
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
  };
}
