import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// A shared entry is provided to remotes only if the shell's build references it; otherwise every
// remote loads its own copy (for the UI kit: a Mantine outside the shell's provider). This guards
// the list in shared-deps.mjs against an entry the shell forgets (see shell/src/remotes/provided-entries.ts).
const SHELL_SOURCES = path.resolve(__dirname, '../shell/src');
// Read as text: jest runs CommonJS and shared-deps.mjs is the build's ES module.
const SHARED_SINGLETONS = [
  ...readFileSync(path.join(__dirname, 'shared-deps.mjs'), 'utf8').matchAll(/^\s*'([^']+)',$/gm),
].map((match) => match[1] as string);

/** The browser build's sources: the first screen's Node build (shell/src/server) references every entry. */
function sourcesOf(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .filter((entry) => path.relative(folder, entry.parentPath).split(path.sep)[0] !== 'server')
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
}

describe('shared entries of @portal/shared-contracts', () => {
  it('are each referenced by the shell, so the shell provides them', () => {
    const shell = sourcesOf(SHELL_SOURCES).join('\n');
    const contracts = SHARED_SINGLETONS.filter((name) => name.startsWith('@portal/shared-contracts'));
    const missing = contracts.filter((name) => !shell.includes(`'${name}'`));
    expect(missing).toEqual([]);
    expect(contracts.length).toBeGreaterThan(5);
  });
});
