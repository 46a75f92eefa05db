#!/usr/bin/env node
// A remote's own commands, run in its folder (issue 39: a feature team builds, tests and serves
// its remote from its own checkout, against the published contracts and this preset):
//   portal-remote build [--mode development]   dist/ (browser build, remote.json, Node build for the
//                                               gateway's first screen), precompressed
//   portal-remote dev [--port 3001] [--overrides <portal>/.data/remote-overrides.json]
//   portal-remote test [jest arguments…]       the preset's jest configuration (jest-preset.cjs)
//   portal-remote typecheck                     tsc on the folder's tsconfig.json
// The remote's name comes from its remote.config.json; nothing here knows a remote.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readDescription } from './description.mjs';

const require = createRequire(import.meta.url);
const dir = process.cwd();
const [command, ...rest] = process.argv.slice(2);
const USAGE =
  'usage: portal-remote build [--mode development] | dev [--port N] [--overrides FILE] | test [jest args] | typecheck';

/** Runs a package's command-line program with node, in the remote's folder; exits with its status. */
function runProgram(packageName, binName, args) {
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const { bin } = require(manifestPath);
  const file = path.join(path.dirname(manifestPath), typeof bin === 'string' ? bin : bin[binName]);
  const { status } = spawnSync(process.execPath, [file, ...args], { cwd: dir, stdio: 'inherit' });
  process.exit(status ?? 1);
}

switch (command) {
  case 'build': {
    const { values } = parseArgs({ args: rest, options: { mode: { type: 'string', default: 'production' } } });
    const mode = values.mode === 'development' ? 'development' : 'production';
    const { name } = readDescription(dir);
    const { remoteConfig, remoteServerConfig } = await import('./preset.mjs');
    const { runBuilds } = await import('./run-builds.mjs');
    const configs = [remoteConfig({ name, dir, mode }), remoteServerConfig({ name, dir, mode })].filter(Boolean);
    try {
      const seconds = await runBuilds(configs, {
        precompressFolders: mode === 'production' ? [path.join(dir, 'dist')] : [],
      });
      console.log(`built ${name} (${mode}) in ${seconds} s: ${path.join(dir, 'dist')}`);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
    break;
  }
  case 'dev': {
    const { values } = parseArgs({
      args: rest,
      options: { port: { type: 'string', default: '3001' }, overrides: { type: 'string' } },
    });
    const { serveForDevelopment } = await import('./dev-server.mjs');
    await serveForDevelopment({
      name: readDescription(dir).name,
      dir,
      port: Number(values.port),
      ...(values.overrides ? { overridesFile: path.resolve(values.overrides) } : {}),
    });
    break;
  }
  case 'test':
    // The folder's jest.config.cjs (the preset's screenProject), else the preset's defaults.
    runProgram('jest', 'jest', rest);
    break;
  case 'typecheck':
    runProgram('typescript', 'tsc', ['-p', 'tsconfig.json', ...rest]);
    break;
  default:
    console.error(USAGE);
    process.exit(command ? 2 : 0);
}
