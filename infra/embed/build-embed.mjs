// Builds the embed loaders (one entry per widget: calculator-embed.ts, tracking-embed.ts, both on
// embed-loader.ts) into dist/<widget>-embed.js (or <outDir>/<widget>-embed.js):
//   node infra/embed/build-embed.mjs [outDir]
// Plain JavaScript run by plain node on purpose: the federation plugin writes its runtime code
// from functions' source text, and under tsx those carry esbuild's `__name(...)` helper, which
// does not exist in the browser. The gateway runs this file as a child process (serve.ts).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';

export const EMBED_DIR = import.meta.dirname;
export const EMBED_DIST = process.argv[2] ? path.resolve(process.argv[2]) : path.join(EMBED_DIR, 'dist');
/** Every widget a page that is not the portal can embed: one `<widget>-embed.ts` each (demo page `<widget>.html`). */
export const EMBED_WIDGETS = readdirSync(EMBED_DIR)
  .filter((file) => file.endsWith('-embed.ts'))
  .map((file) => file.slice(0, -'-embed.ts'.length));

/**
 * A federation host with no shared modules (the remote then uses its own React and Mantine)
 * that provides the federation runtime the remotes are built to expect from their host
 * (`experiments.externalRuntime` in build-preset/preset.mjs).
 */
export function embedConfig() {
  return {
    mode: 'production',
    context: EMBED_DIR,
    entry: Object.fromEntries(EMBED_WIDGETS.map((widget) => [`${widget}-embed`, `./${widget}-embed.ts`])),
    output: {
      path: EMBED_DIST,
      // Resolved from the script's own URL, so another site can include it from the portal's origin.
      publicPath: 'auto',
      uniqueName: 'portal_embed',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.js', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: { parser: { syntax: 'typescript' } },
            env: { targets: 'chrome >= 120, firefox >= 115, safari >= 16.4' },
          },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'portal_embed',
        remotes: {},
        shared: {},
        dts: false,
        manifest: false,
        experiments: { provideExternalRuntime: true },
      }),
    ],
    devtool: false,
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}

rspack(embedConfig()).run((error, stats) => {
  if (error) {
    console.error(error);
    process.exit(1);
  }
  if (stats?.hasErrors()) {
    for (const failure of stats.toJson({ all: false, errors: true }).errors ?? []) console.error(failure.message);
    process.exit(1);
  }
  for (const widget of EMBED_WIDGETS) {
    console.log(`built ${path.relative(process.cwd(), path.join(EMBED_DIST, `${widget}-embed.js`))}`);
  }
});
