// The remotes of this repository: every `mf-*` workspace. Each describes itself in its own
// `remote.config.json` (@portal/build-preset, description.mjs), so nothing here or in the shell
// names a remote.
import path from 'node:path';
import { remoteNames } from './workspaces.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Remote names (`mf-order-flow`, …), from the workspaces (workspaces.mjs). */
export const REMOTE_NAMES = remoteNames(ROOT);
