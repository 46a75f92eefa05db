// The development loop of the shell or a remote (issue 16; issue 39: also from a remote's own
// folder, `portal-remote dev`): rspack's dev server with hot reload. A remote's manifest URL is
// written into the development portal's overrides file (`.data/remote-overrides.json` of its
// checkout), which a development gateway folds into `/remotes.json` on every request
// (infra/gateway/remote-overrides.ts): reload the portal and the remote comes from the dev server;
// stop and the portal serves its own build again. The environment's remotes.json is never edited;
// production gateways never read the overrides file. The shell's own loop proxies the API, the
// identity provider, the remotes and /remotes.json to the running portal (`portalUrl`).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { RspackDevServer } from '@rspack/dev-server';
import { hostConfig, remoteConfig } from './preset.mjs';

/**
 * Serves `name` ('shell' or a remote, whose folder is `dir`) on `port` until SIGINT/SIGTERM.
 * `overridesFile`: where the development portal reads remote overrides (none: only served).
 */
export async function serveForDevelopment({ name, dir, port, portalUrl = 'http://localhost:8080', overridesFile }) {
  const isShell = name === 'shell';
  const built = isShell ? hostConfig({ mode: 'development' }) : remoteConfig({ name, dir, mode: 'development' });
  // A remote under development runs inside the portal's production shell, whose React is the
  // production build: JSX must use the production runtime (`react/jsx-runtime`), or React's
  // development-only internals are called on the shell's production React.
  const base = isShell
    ? built
    : {
        ...built,
        module: {
          ...built.module,
          rules: built.module.rules.map((rule) =>
            rule.loader === 'builtin:swc-loader'
              ? {
                  ...rule,
                  options: {
                    ...rule.options,
                    jsc: { ...rule.options.jsc, transform: { react: { runtime: 'automatic', development: false } } },
                  },
                }
              : rule,
          ),
        },
      };
  const config = {
    ...base,
    // No eval-based source maps: the portal's Content-Security-Policy forbids eval.
    devtool: 'cheap-module-source-map',
    // Hot updates need stable file names; content hashes are for releases.
    output: {
      ...base.output,
      filename: '[name].js',
      chunkFilename: '[name].js',
      cssFilename: '[name].css',
      clean: false,
    },
    devServer: {
      port,
      host: '127.0.0.1',
      hot: true,
      liveReload: true,
      allowedHosts: 'all',
      // The portal on :8080 loads this server's manifest and chunks from its own pages.
      headers: { 'Access-Control-Allow-Origin': '*' },
      client: { overlay: { warnings: false } },
      ...(isShell
        ? {
            historyApiFallback: true,
            proxy: [{ context: ['/api', '/idp', '/remotes', '/remotes.json', '/embed'], target: portalUrl }],
          }
        : {}),
    },
  };

  function readOverrides() {
    try {
      return JSON.parse(readFileSync(overridesFile, 'utf8'));
    } catch {
      return {};
    }
  }

  /** Written whole and renamed into place: the gateway never reads half a file. */
  function writeOverrides(overrides) {
    mkdirSync(path.dirname(overridesFile), { recursive: true });
    const temporary = `${overridesFile}.${process.pid}`;
    writeFileSync(temporary, `${JSON.stringify(overrides, null, 2)}\n`);
    renameSync(temporary, overridesFile);
  }

  const server = new RspackDevServer(config.devServer, rspack(config));
  await server.start();
  if (isShell) {
    console.log(`shell: http://127.0.0.1:${port} (API, identity and remotes from ${portalUrl})`);
  } else if (overridesFile) {
    const manifest = `http://127.0.0.1:${port}/mf-manifest.json`;
    writeOverrides({ ...readOverrides(), [name]: manifest });
    console.log(`${name}: ${manifest} — the development portal (${portalUrl}) now mounts it; Ctrl+C to stop`);
  } else {
    console.log(
      `${name}: http://127.0.0.1:${port}/mf-manifest.json — name the portal's overrides file (--overrides <portal>/.data/remote-overrides.json) to mount it there; Ctrl+C to stop`,
    );
  }

  let stopping = false;
  async function stop() {
    if (stopping) return;
    stopping = true;
    if (!isShell && overridesFile) {
      const { [name]: _mine, ...others } = readOverrides();
      writeOverrides(others);
    }
    await server.stop();
    process.exit(0);
  }
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
