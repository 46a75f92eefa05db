// CI for the container files (issue 17): the Dockerfiles pass a Dockerfile linter (dockerfile-utils,
// the validator of the Docker language server, every rule at error) and the rules this project keeps
// (multi-stage, pinned base images, production packages only, non-root, a health check, every file
// they copy present); compose.yaml builds from them and sets only settings the configuration module
// accepts. No Docker daemon is needed (none runs in CI).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, settingsSchema } from '@portal/api/config';
import { ValidationSeverity, type ValidatorSettings, validate } from 'dockerfile-utils';
import { parse } from 'yaml';

const REPO_ROOT = path.resolve(__dirname, '../..');
const DOCKERFILES = ['Dockerfile', 'remote.Dockerfile'] as const;
const workspaces: string[] = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).workspaces;

// Every rule the linter lets one configure, raised to an error.
const strict: ValidatorSettings = {
  deprecatedMaintainer: ValidationSeverity.ERROR,
  directiveCasing: ValidationSeverity.ERROR,
  emptyContinuationLine: ValidationSeverity.ERROR,
  instructionCasing: ValidationSeverity.ERROR,
  instructionCmdMultiple: ValidationSeverity.ERROR,
  instructionEntrypointMultiple: ValidationSeverity.ERROR,
  instructionHealthcheckMultiple: ValidationSeverity.ERROR,
  instructionJSONInSingleQuotes: ValidationSeverity.ERROR,
  instructionWorkdirRelative: ValidationSeverity.ERROR,
};

interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

/** The instructions of a Dockerfile, continuation lines joined, comments left out. */
function instructions(text: string): Instruction[] {
  const result: Instruction[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    let line = lines[index] ?? '';
    if (/^\s*(#|$)/.test(line)) continue;
    const start = index;
    while (line.endsWith('\\') && index + 1 < lines.length) {
      line = `${line.slice(0, -1)} ${(lines[++index] ?? '').trim()}`;
    }
    const [, keyword = '', args = ''] = /^\s*(\S+)\s*(.*)$/.exec(line) ?? [];
    result.push({ keyword: keyword.toUpperCase(), args, line: start + 1 });
  }
  return result;
}

/** The last stage's instructions (what the image is). */
function finalStage(all: Instruction[]): Instruction[] {
  const lastFrom = all.map((instruction) => instruction.keyword).lastIndexOf('FROM');
  return all.slice(lastFrom);
}

describe.each(DOCKERFILES)('infra/deploy/%s', (name) => {
  const text = readFileSync(path.join(__dirname, name), 'utf8');
  const all = instructions(text);
  const args = Object.fromEntries(
    all
      .filter((instruction) => instruction.keyword === 'ARG' && instruction.args.includes('='))
      .map((instruction) => instruction.args.split('=') as [string, string]),
  );

  it('passes the Dockerfile linter with every rule at error', () => {
    const problems = validate(text, strict).map(
      (diagnostic) => `${name}:${diagnostic.range.start.line + 1}: ${diagnostic.message}`,
    );
    expect(problems).toEqual([]);
  });

  it('is multi-stage on pinned base images', () => {
    const froms = all.filter((instruction) => instruction.keyword === 'FROM');
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const from of froms) {
      const image = (from.args.split(/\s+/)[0] ?? '').replace(
        /^\$\{(\w+)\}$/,
        (_match, arg: string) => args[arg] ?? arg,
      );
      const stages = all.filter((i) => i.keyword === 'FROM').map((i) => i.args.split(/\s+AS\s+/i)[1]);
      if (stages.includes(image)) continue; // an earlier stage
      // A base image with an exact version (x.y.z), never `latest` or a bare name.
      expect({ line: from.line, image }).toEqual({ line: from.line, image: expect.stringMatching(/:\d+\.\d+\.\d+/) });
    }
  });

  it('ends in a non-root stage with a health check and a command', () => {
    const last = finalStage(all);
    const users = last.filter((instruction) => instruction.keyword === 'USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)?.args).not.toMatch(/^(root|0)(:|$)/);
    expect(last.some((instruction) => instruction.keyword === 'HEALTHCHECK' && /CMD/.test(instruction.args))).toBe(
      true,
    );
    expect(last.some((instruction) => instruction.keyword === 'CMD')).toBe(true);
    // Nothing is fetched from the network at build time that a registry's client does not check.
    expect(all.filter((instruction) => instruction.keyword === 'ADD')).toEqual([]);
  });

  it('copies every file it names from the build context, and installs from the manifests stage', () => {
    const copies = all.filter((instruction) => instruction.keyword === 'COPY' && !instruction.args.includes('--from'));
    for (const copy of copies) {
      const parts = copy.args.split(/\s+/).filter((part) => !part.startsWith('--'));
      for (const source of parts.slice(0, -1)) {
        if (source === '.') continue;
        expect({ line: copy.line, source, exists: existsSync(path.join(REPO_ROOT, source)) }).toEqual({
          line: copy.line,
          source,
          exists: true,
        });
      }
    }
    // npm ci needs every workspace's manifest: they come from the stage that discovers them.
    const firstCi = all.findIndex((instruction) => instruction.keyword === 'RUN' && /npm ci/.test(instruction.args));
    const stageOfCi = all
      .slice(0, firstCi)
      .map((instruction) => instruction.keyword)
      .lastIndexOf('FROM');
    expect(
      all
        .slice(stageOfCi, firstCi)
        .filter((instruction) => instruction.keyword === 'COPY')
        .map((instruction) => instruction.args),
    ).toEqual(['--from=manifests /manifests ./']);
    const manifestsStage = all.findIndex((i) => i.keyword === 'FROM' && i.args.endsWith('AS manifests'));
    expect(all.slice(manifestsStage).find((i) => i.keyword === 'RUN')?.args).toBe(
      'node infra/build/workspaces.mjs manifests /manifests',
    );
  });

  it('names no workspace: a new remote needs no edit here', () => {
    const named = all
      .map((instruction) => instruction.args)
      .filter((args) =>
        workspaces.some(
          (workspace) =>
            args.includes(`${workspace}/package.json`) || (workspace.startsWith('mf-') && args.includes(workspace)),
        ),
      );
    expect(named).toEqual([]);
  });

  it('has its own .dockerignore that keeps installed packages and builds out of the context', () => {
    const ignore = readFileSync(path.join(__dirname, `${name}.dockerignore`), 'utf8').split('\n');
    expect(ignore).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.data', '.git']));
  });
});

describe('infra/deploy/Dockerfile (portal: gateway and API)', () => {
  const all = instructions(readFileSync(path.join(__dirname, 'Dockerfile'), 'utf8'));

  it('installs production packages only for the image it ships, and starts the gateway', () => {
    expect(all.some((instruction) => instruction.keyword === 'RUN' && /npm ci --omit=dev/.test(instruction.args))).toBe(
      true,
    );
    const last = finalStage(all);
    // What the image ships comes from the stage that ran `npm ci --omit=dev` after removing the full install.
    const shipped = last.filter((instruction) => instruction.keyword === 'COPY' && instruction.args.includes('--from'));
    expect(shipped.map((instruction) => instruction.args)).toEqual(['--from=runtime-files /app ./']);
    // That stage starts from the base image (not from the full install) with the compiled tree the
    // build stage assembled, installs production packages and keeps those the server uses.
    const stageStart = all.findIndex((i) => i.keyword === 'FROM' && i.args.endsWith('AS runtime-files'));
    expect(all[stageStart]?.args).toMatch(/^\$\{NODE_IMAGE\} AS runtime-files$/);
    const stage = all.slice(stageStart + 1, all.length - last.length);
    expect(stage.filter((i) => i.keyword === 'COPY').map((i) => i.args)).toEqual([
      '--from=build /runtime ./',
      '--from=build /app/infra/build/runtime-packages.mjs /tmp/runtime-packages.mjs',
    ]);
    const stageRuns = stage.filter((i) => i.keyword === 'RUN');
    expect(stageRuns.map((i) => i.args).join('\n')).toMatch(/npm ci --omit=dev.*runtime-packages\.mjs prune \/app/s);
    const buildStart = all.findIndex((i) => i.keyword === 'FROM' && i.args.endsWith('AS build'));
    expect(
      all
        .slice(buildStart, stageStart)
        .filter((i) => i.keyword === 'RUN')
        .map((i) => i.args)
        .join('\n'),
    ).toMatch(/npm run build.*node infra\/build\/runtime-files\.mjs \/runtime/s);
    // Compiled JavaScript with plain node: no tsx (nor any loader) at run time.
    expect(last.find((instruction) => instruction.keyword === 'CMD')?.args).toBe('["node", "infra/gateway/start.js"]');
    expect(all.map((instruction) => instruction.args).join('\n')).not.toMatch(/tsx/);
    expect(last.find((instruction) => instruction.keyword === 'HEALTHCHECK')?.args).toContain('/api/health');
  });
});

describe('infra/build/workspaces.mjs (what the manifests stage and the image file set copy)', () => {
  let root = '';
  let out = '';

  beforeAll(() => {
    // A checkout with one more remote, mf-hello (e2e/fixtures): its folder and its line in package.json.
    const scratch = mkdtempSync(path.join(tmpdir(), 'workspaces-'));
    root = path.join(scratch, 'repo');
    out = path.join(scratch, 'manifests');
    for (const file of ['package-lock.json', '.npmrc', ...workspaces.map((folder) => `${folder}/package.json`)]) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      cpSync(path.join(REPO_ROOT, file), path.join(root, file));
    }
    const rootManifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    writeFileSync(
      path.join(root, 'package.json'),
      JSON.stringify({ ...rootManifest, workspaces: [...workspaces, 'mf-hello'] }),
    );
    cpSync(path.join(REPO_ROOT, 'e2e/fixtures/mf-hello'), path.join(root, 'mf-hello'), { recursive: true });
    writeFileSync(
      path.join(root, 'mf-hello/package.json'),
      JSON.stringify({ name: '@portal/mf-hello', version: '0.1.0' }),
    );
  });

  afterAll(() => rmSync(path.dirname(root), { recursive: true, force: true }));

  it("copies every workspace's manifest, a new remote's included, with the lockfile and .npmrc", () => {
    const printed = execFileSync(
      process.execPath,
      [path.join(REPO_ROOT, 'infra/build/workspaces.mjs'), 'manifests', out],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(printed).toContain(`${workspaces.length + 4} install manifests`);
    for (const file of ['package.json', 'package-lock.json', '.npmrc', 'mf-hello/package.json', 'api/package.json']) {
      expect({ file, copied: existsSync(path.join(out, file)) }).toEqual({ file, copied: true });
    }
    // Nothing else: sources stay out of the install layer, so it is reused when only code changes.
    expect(existsSync(path.join(out, 'mf-hello/remote.config.json'))).toBe(false);
  });

  it('finds the new remote among the remotes the build and the image file set serve', () => {
    const names = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { remoteNames } from ${JSON.stringify(path.join(REPO_ROOT, 'infra/build/workspaces.mjs'))};` +
          `console.log(remoteNames(${JSON.stringify(root)}).join(','))`,
      ],
      { encoding: 'utf8' },
    ).trim();
    expect(names.split(',')).toContain('mf-hello');
  });

  it('refuses a workspace pattern or a listed folder without a manifest', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    writeFileSync(path.join(root, 'package.json'), JSON.stringify({ ...manifest, workspaces: ['mf-*'] }));
    const run = () =>
      execFileSync(process.execPath, [path.join(REPO_ROOT, 'infra/build/workspaces.mjs'), 'manifests', out], {
        cwd: root,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    expect(run).toThrow(/workspace patterns are not supported: mf-\*/);
    writeFileSync(path.join(root, 'package.json'), JSON.stringify({ ...manifest, workspaces: ['mf-missing'] }));
    expect(run).toThrow(/mf-missing\/package.json is missing/);
    writeFileSync(path.join(root, 'package.json'), JSON.stringify(manifest));
  });
});

describe('infra/deploy/compose.yaml', () => {
  const compose = parse(readFileSync(path.join(__dirname, 'compose.yaml'), 'utf8'));

  it('runs the portal with PostgreSQL, Redis and a migration step before it', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['migrate', 'portal', 'postgres', 'redis']);
    expect(compose.services.migrate.build.dockerfile).toBe('infra/deploy/Dockerfile');
    expect(existsSync(path.resolve(__dirname, compose.services.migrate.build.context, 'infra/deploy/Dockerfile'))).toBe(
      true,
    );
    expect(compose.services.migrate.command.join(' ')).toBe('node api/scripts/db-release.js');
    expect(compose.services.portal.depends_on.migrate.condition).toBe('service_completed_successfully');
    expect(compose.services.portal.image).toBe(compose.services.migrate.image);
  });

  it("sets only settings the configuration module knows and accepts, and mounts the environment's remotes.json", () => {
    const known = new Set(Object.keys(settingsSchema.shape));
    for (const service of ['migrate', 'portal']) {
      const env: Record<string, string> = compose.services[service].environment;
      expect(Object.keys(env).filter((name) => !known.has(name))).toEqual([]);
      expect(() => loadConfig(env)).not.toThrow();
    }
    const portal = compose.services.portal;
    const mount = portal.volumes.find((volume: string) => volume.includes('remotes.json')).split(':');
    expect(existsSync(path.resolve(__dirname, mount[0]))).toBe(true);
    expect(mount[1]).toBe(portal.environment.REMOTES_FILE);
  });
});
