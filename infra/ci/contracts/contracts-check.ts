// The contracts check (issue 16): what a remote needs of the shell's shared contracts must be what
// the shell provides. Three things are held against the shell's build:
// 1. every shared entry in the remote's mf-manifest.json is provided by the shell (its manifest);
// 2. the shell's version of it satisfies the range the remote requires (semver);
// 3. every value a remote's source imports by name from a `@portal/shared-contracts` entry is
//    exported by that entry in the shell's copy of the contracts;
// 4. the remote's federation entry is where the shell loads it: `remoteEntry.js` beside the
//    manifest (REMOTE_ENTRY_FILE).
// Usage (after `npm run build`): node --import tsx infra/ci/contracts/contracts-check.ts
//   [--shell-dist DIR] [--shell-contracts DIR] [remote-folder ...]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_ENTRY_FILE } from '@portal/shared-contracts';
import semver from 'semver';
import ts from 'typescript';

export const CONTRACTS_PACKAGE = '@portal/shared-contracts';

interface ManifestShared {
  name: string;
  version: string;
  requiredVersion?: string | false;
}

export interface RemoteUnderCheck {
  name: string;
  /** The remote's build output (mf-manifest.json). */
  dist: string;
  /** Its source folder, whose imports from the contracts are read. */
  src: string;
}

export interface ContractsCheckInput {
  /** The shell's build output (its mf-manifest.json lists what it provides). */
  shellDist: string;
  /** The contracts package the shell was built with (package.json with `exports`). */
  shellContracts: string;
  remotes: RemoteUnderCheck[];
}

interface Manifest {
  shared: ManifestShared[];
  metaData?: { remoteEntry?: { name?: string; path?: string } };
}

function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as Manifest;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

/** Each value name a file imports from a contracts entry: `{ entry: '@portal/shared-contracts/ui', name: 'Button' }`. */
export function contractImports(file: string): { entry: string; name: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { entry: string; name: string; line: number }[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    const entry = specifier.text;
    if (entry !== CONTRACTS_PACKAGE && !entry.startsWith(`${CONTRACTS_PACKAGE}/`)) continue;
    const line = source.getLineAndCharacterOfPosition(statement.getStart()).line + 1;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly) continue;
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (!element.isTypeOnly) found.push({ entry, name: (element.propertyName ?? element.name).text, line });
        }
      }
    } else if (!statement.isTypeOnly && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) {
        if (!element.isTypeOnly) found.push({ entry, name: (element.propertyName ?? element.name).text, line });
      }
    }
  }
  return found;
}

const exportsCache = new Map<string, Map<string, Set<string>>>();

/** The value exports of every entry of the contracts package in `contractsDir` (read once per folder). */
export function providedExports(contractsDir: string): Map<string, Set<string>> {
  const cached = exportsCache.get(contractsDir);
  if (cached) return cached;
  const manifest = JSON.parse(readFileSync(path.join(contractsDir, 'package.json'), 'utf8')) as {
    exports: Record<string, string>;
  };
  const entries = Object.entries(manifest.exports).map(([key, file]) => ({
    entry: key === '.' ? CONTRACTS_PACKAGE : `${CONTRACTS_PACKAGE}/${key.slice(2)}`,
    file: path.resolve(contractsDir, file),
  }));
  const program = ts.createProgram(
    entries.map(({ file }) => file),
    {
      allowJs: false,
      jsx: ts.JsxEmit.ReactJSX,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      skipLibCheck: true,
      noEmit: true,
    },
  );
  const checker = program.getTypeChecker();
  const provided = new Map<string, Set<string>>();
  for (const { entry, file } of entries) {
    const source = program.getSourceFile(file);
    const symbol = source && checker.getSymbolAtLocation(source);
    const names = new Set<string>();
    for (const exported of symbol ? checker.getExportsOfModule(symbol) : []) {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      if (target.flags & ts.SymbolFlags.Value) names.add(exported.name);
    }
    provided.set(entry, names);
  }
  exportsCache.set(contractsDir, provided);
  return provided;
}

/** The problems found; empty when every remote's needs are met by the shell. */
export function checkContracts({ shellDist, shellContracts, remotes }: ContractsCheckInput): string[] {
  const problems: string[] = [];
  const shellShared = new Map(readManifest(shellDist).shared.map((shared) => [shared.name, shared]));
  const exportsOf = providedExports(shellContracts);
  for (const remote of remotes) {
    const manifest = readManifest(remote.dist);
    const entry = manifest.metaData?.remoteEntry;
    if (entry?.name !== REMOTE_ENTRY_FILE || entry.path) {
      const found = entry?.name ? `${entry.path ? `${entry.path}/` : ''}${entry.name}` : 'none';
      problems.push(`${remote.name}'s entry is ${found}; the shell loads ${REMOTE_ENTRY_FILE} beside the manifest`);
    }
    const remoteShared = manifest.shared;
    for (const needed of remoteShared) {
      const provided = shellShared.get(needed.name);
      if (!provided) {
        problems.push(`${remote.name} shares ${needed.name}, which the shell does not provide`);
        continue;
      }
      const range = needed.requiredVersion;
      if (typeof range === 'string' && !semver.satisfies(provided.version, range, { includePrerelease: true })) {
        problems.push(`${remote.name} needs ${needed.name} ${range}; the shell provides ${provided.version}`);
      }
    }
    // Entries the remote does not share (`embed`, test helpers) are bundled into it: they run as
    // built and need nothing from the shell.
    const sharedByRemote = new Set(remoteShared.map((shared) => shared.name));
    for (const file of sourceFiles(remote.src)) {
      for (const { entry, name, line } of contractImports(file)) {
        if (!sharedByRemote.has(entry)) continue;
        const names = exportsOf.get(entry);
        const where = `${path.relative(process.cwd(), file)}:${line}`;
        if (!names)
          problems.push(`${where}: ${remote.name} imports ${entry}, an entry the shell's contracts do not have`);
        else if (!names.has(name)) {
          problems.push(
            `${where}: ${remote.name} imports ${name} from ${entry}, which the shell's contracts do not export`,
          );
        }
      }
    }
  }
  return problems;
}
