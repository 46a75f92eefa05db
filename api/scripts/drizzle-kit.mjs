// Runs drizzle-kit with drizzle-orm resolved from api/. npm hoisted drizzle-kit to the root
// node_modules but installed drizzle-orm only under api/node_modules, and drizzle-kit loads
// drizzle-orm from its own folder ("Please install latest version of drizzle-orm").
// Once drizzle-orm is hoisted this wrapper can go and the script can call drizzle-kit directly.
import Module, { createRequire, register } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const apiDir = fileURLToPath(new URL('..', import.meta.url));

// drizzle-kit reaches drizzle-orm both through import() and through require().
register('./resolve-drizzle-orm-from-api.mjs', import.meta.url, {
  data: { parentURL: pathToFileURL(join(apiDir, 'package.json')).href },
});
process.env.NODE_PATH = join(apiDir, 'node_modules');
Module._initPaths();

const drizzleKitBin = join(dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');
await import(pathToFileURL(drizzleKitBin).href);
