// A remote describes itself in its own `remote.config.json` (exposes, routes, navigation, home
// widgets; schema in @portal/shared-contracts, remotes/manifest.ts); its build publishes it as
// `remote.json` beside its manifest.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const DESCRIPTION_FILE = 'remote.config.json';

/** A remote folder's description, as its build publishes it (`remote.json`). */
export function readDescription(dir) {
  return JSON.parse(readFileSync(path.join(dir, DESCRIPTION_FILE), 'utf8'));
}
