// The remotes of this repository: every `mf-*` workspace. Each describes itself in its own
// `remote.config.json` (exposes, routes, navigation, home widgets; schema in shared-contracts,
// remotes/manifest.ts), so nothing here or in the shell names a remote.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { remoteNames } from './workspaces.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

export const DESCRIPTION_FILE = 'remote.config.json';

/** A remote folder's description, as its build publishes it (`remote.json`). */
export function readDescription(dir) {
  return JSON.parse(readFileSync(path.join(dir, DESCRIPTION_FILE), 'utf8'));
}

/** Remote names (`mf-order-flow`, …), from the workspaces (workspaces.mjs). */
export const REMOTE_NAMES = remoteNames(ROOT);
