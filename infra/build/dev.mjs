// A team's own loop (issue 16): `npm run dev -w mf-calculator` (or `node infra/build/dev.mjs
// mf-calculator [--port 3001]`) serves the remote from rspack's dev server with hot reload and
// points the running development portal at it: it writes the remote's manifest URL into
// `.data/remote-overrides.json`, which a development gateway folds into `/remotes.json` on every
// request (infra/gateway/remote-overrides.ts). Reload http://localhost:8080 and the remote comes
// from the dev server; stop this command and the portal serves its own build again. The
// environment's remotes.json is never edited; production gateways never read the overrides file.
//
// `npm run dev -w shell` serves the shell itself on :3000 and proxies the API, the identity
// provider, the remotes and /remotes.json to the running portal (PORTAL_URL, default :8080).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { rspack } from '@rspack/core';
import { RspackDevServer } from '@rspack/dev-server';
import { hostConfig, REPO_ROOT, remoteConfig } from './preset.mjs';
import { REMOTE_NAMES } from './remotes.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string' } },
});
const name = positionals[0];
if (!name || (name !== 'shell' && !REMOTE_NAMES.includes(name))) {
  console.error(`usage: node infra/build/dev.mjs <shell|${REMOTE_NAMES.join('|')}> [--port N]`);
  process.exit(2);
}
const isShell = name === 'shell';
const port = Number(values.port ?? (isShell ? 3000 : 3001 + REMOTE_NAMES.indexOf(name)));
const portalUrl = process.env.PORTAL_URL ?? 'http://localhost:8080';
const overridesFile = path.resolve(REPO_ROOT, process.env.REMOTE_OVERRIDES_FILE ?? '.data/remote-overrides.json');

const built = isShell ? hostConfig({ mode: 'development' }) : remoteConfig({ name, mode: 'development' });
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
} else {
  const manifest = `http://127.0.0.1:${port}/mf-manifest.json`;
  writeOverrides({ ...readOverrides(), [name]: manifest });
  console.log(`${name}: ${manifest} — the development portal (${portalUrl}) now mounts it; Ctrl+C to stop`);
}

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  if (!isShell) {
    const { [name]: _mine, ...others } = readOverrides();
    writeOverrides(others);
  }
  await server.stop();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
