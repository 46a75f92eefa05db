// `npm test`: every check and every test runner, then one summary line
// `tests: N passed, M failed` (the sum over jest and Playwright).
//   SKIP_STATIC_CHECKS=1  skip lint, boundaries and type-check (a second run against another database)
//   SKIP_BUILD=1          reuse the existing production build for the end-to-end tests
//   JEST_PROJECTS=api     only these jest projects (comma-separated; a second run against another
//                         database needs only the projects that use one)
//   JEST_DATABASE_ONLY=1  only the test files that open a database (a second run against another
//                         database: the others would test the same thing again)
//   E2E_PROJECTS=portal   only these Playwright projects (comma-separated; default: portal, then
//                         own-gateway, one after the other: see e2e/playwright.config.ts)
//   E2E_DATABASE_ONLY=1   only the end-to-end specs that store and read back (a second run against
//                         another database: e2e/playwright.config.ts SCREEN_SPECS)
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const { opensDatabase } = createRequire(import.meta.url)('../../api/test/database-test-file.cjs');

const root = path.resolve(import.meta.dirname, '../..');
const out = path.join(root, '.ci-out');
mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
const problems = [];
// The names of the failed tests, printed again beside the summary: CI keeps only the output's tail.
const failedTests = [];
// How long each step took, printed at the end: CI has 30 minutes, and this says where they go.
const durations = [];
// The test files' set-up times (setUpTimes), printed with the durations.
const setUp = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  durations.push(`${label}: ${Math.round((performance.now() - started) / 1000)} s`);
  if (result.status !== 0) problems.push(`${label} exited with ${result.status ?? result.signal}`);
  return result.status === 0;
}

/**
 * The test files that open a database (api/test/database-test-file.cjs). The others (pure rules,
 * gateway, deployment, boundaries) do the same on any database. As path patterns.
 */
function databaseTestFiles(selectProjects) {
  const listed = spawnSync('npx', ['jest', '--listTests', '--json', ...selectProjects], {
    cwd: root,
    encoding: 'utf8',
  });
  const files = JSON.parse(listed.stdout || '[]').filter(opensDatabase);
  if (files.length === 0) problems.push('no test file opens a database');
  return files.map((file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** `file › full name` of every failed jest test, and of every test file that failed to run. */
function failedJestTests(report) {
  return report.testResults.flatMap((file) => {
    const relative = path.relative(root, file.name);
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${relative} › ${test.fullName}`);
    if (tests.length === 0 && file.status === 'failed') return [`${relative} (${firstLine(file.message)})`];
    return tests;
  });
}

/**
 * How long each test file took before its first test began (loading its code, opening its database,
 * building the app: issue 37 asks for under 2 s per API file), from jest's report: the median, the
 * slowest five and how many went over 2 s.
 */
function setUpTimes(report) {
  const times = report.testResults
    .map((file) => {
      const firstTest = Math.min(...file.assertionResults.map((test) => test.startAt ?? Number.POSITIVE_INFINITY));
      return { file: path.relative(root, file.name), ms: firstTest - file.startTime };
    })
    .filter(({ file, ms }) => file.startsWith('api/') && Number.isFinite(ms))
    .sort((a, b) => b.ms - a.ms);
  if (times.length === 0) return [];
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const median = times[Math.floor(times.length / 2)].ms;
  const over = times.filter(({ ms }) => ms > 2000).length;
  return [
    `API test files' set-up before their first test: median ${seconds(median)} over ${times.length} files, ${over} over 2 s; slowest:`,
    ...times.slice(0, 5).map(({ file, ms }) => `  ${seconds(ms)} ${file}`),
  ];
}

/**
 * The database test files' set-up in CPU time of their worker (api/test/pglite-environment.cjs
 * writes it): on the shared machine the wall time above moves with the other sessions' load.
 */
function setUpCpuTimes(file) {
  if (!existsSync(file)) return [];
  const times = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .sort((a, b) => b.cpuMs - a.cpuMs);
  if (times.length === 0) return [];
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const median = times[Math.floor(times.length / 2)].cpuMs;
  const over = times.filter(({ cpuMs }) => cpuMs > 2000).length;
  return [
    `database test files' set-up in their worker's CPU time: median ${seconds(median)} over ${times.length} files, ${over} over 2 s; most:`,
    ...times.slice(0, 5).map(({ file, cpuMs }) => `  ${seconds(cpuMs)} ${path.relative(root, file)}`),
  ];
}

/** `[project] file:line › title` of every Playwright test whose outcome was unexpected. */
function failedPlaywrightTests(report, project) {
  const names = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') names.push(`[${project}] ${spec.file}:${spec.line} › ${spec.title}`);
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return names;
}

function firstLine(text) {
  return (
    stripVTControlCharacters(text ?? '')
      .trim()
      .split('\n')[0] ?? ''
  );
}

/**
 * A step started beside the next ones, its output kept in .ci-out/<name>.log and printed when it is
 * awaited. The type-check is one tsc thread for about 50 s: beside jest's start (building the
 * template databases, one process) it uses a core that would otherwise wait.
 */
function runBeside(label, name, command, args) {
  const log = path.join(out, `${name}.log`);
  const endFile = path.join(out, `${name}.end`);
  rmSync(endFile, { force: true });
  const output = openSync(log, 'w');
  const started = Date.now();
  // The step writes when it ended itself: this process learns of the exit only once the step in
  // the foreground is over.
  const child = spawn(
    'sh',
    ['-c', `"$@"; status=$?; date +%s%3N > '${endFile}'; exit $status`, 'sh', command, ...args],
    {
      cwd: root,
      stdio: ['ignore', output, output],
      env: process.env,
    },
  );
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? signal)));
  return async () => {
    const status = await exited;
    closeSync(output);
    console.log(`\n=== ${label}: ${command} ${args.join(' ')} (beside the tests)`);
    process.stdout.write(readFileSync(log, 'utf8'));
    const ended = existsSync(endFile) ? Number(readFileSync(endFile, 'utf8')) : Date.now();
    durations.push(`${label}: ${Math.round((ended - started) / 1000)} s (beside the tests)`);
    if (status !== 0) problems.push(`${label} exited with ${status}`);
  };
}

let typecheckDone = async () => {};
if (!process.env.SKIP_STATIC_CHECKS) {
  run('lint', 'npx', ['biome', 'check', '.']);
  run('boundaries', 'npm', ['run', '--silent', 'boundaries']);
  typecheckDone = runBeside('typecheck', 'typecheck', 'npm', ['run', '--silent', 'typecheck']);
}

const jestReport = path.join(out, 'jest.json');
rmSync(jestReport, { force: true });
// Each database test file's set-up in CPU time (api/test/pglite-environment.cjs), with the wall times.
const setUpCpuLog = path.join(out, 'jest-setup-cpu.jsonl');
rmSync(setUpCpuLog, { force: true });
const jestProjects = (process.env.JEST_PROJECTS ?? '').split(',').filter(Boolean);
const selectProjects = jestProjects.length > 0 ? ['--selectProjects', ...jestProjects] : [];
const jestFiles = process.env.JEST_DATABASE_ONLY ? databaseTestFiles(selectProjects) : [];
run(
  'unit, component and API tests',
  'npx',
  [
    'jest',
    '--ci',
    // Jest's default is one worker fewer than the cores: one on this 2-core machine, leaving a core
    // idle while a test waits on its database; two workers keep both busy.
    '--maxWorkers=2',
    '--json',
    `--outputFile=${jestReport}`,
    // The paths before --selectProjects, whose list would take them for projects' names.
    ...jestFiles,
    ...selectProjects,
  ],
  { PORTAL_SETUP_CPU_FILE: setUpCpuLog },
);
await typecheckDone();
const jest = readJson(jestReport);
if (jest) {
  passed += jest.numPassedTests;
  // Each failed test, and each file that failed with none of its tests failing (a hook that timed
  // out, a file that did not load): jest's numFailedTests leaves those out, and CI once printed
  // "0 failed" beside a file whose afterAll had timed out.
  const failures = failedJestTests(jest);
  failed += failures.length;
  if (jest.numTotalTests === 0) problems.push('jest ran no test');
  failedTests.push(...failures);
  setUp.push(...setUpTimes(jest), ...setUpCpuTimes(setUpCpuLog));
} else {
  problems.push('jest wrote no report');
}

const built = existsSync(path.join(root, 'shell/dist/index.html'));
if (!process.env.SKIP_BUILD || !built) run('build', 'node', ['infra/build/build-all.mjs']);
// Every remote's needs (shared entries, versions, imported names) against what the shell provides.
run('contracts check', 'node', ['--import', 'tsx', 'infra/ci/contracts/cli.ts']);

// One Playwright run per project, one after the other: the own-gateway specs start servers of
// their own and would slow the pages of the specs running beside them.
const e2eProjects = (process.env.E2E_PROJECTS ?? 'portal,own-gateway').split(',').filter(Boolean);
for (const project of e2eProjects) {
  const playwrightReport = path.join(out, `playwright-${project}.json`);
  rmSync(playwrightReport, { force: true });
  run(
    `end-to-end tests (${project})`,
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', `--project=${project}`],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    },
  );
  const playwright = readJson(playwrightReport);
  if (playwright?.stats) {
    passed += playwright.stats.expected + (playwright.stats.flaky ?? 0);
    failed += playwright.stats.unexpected;
    if (playwright.stats.expected + playwright.stats.unexpected === 0)
      problems.push(`Playwright ran no test in ${project}`);
    failedTests.push(...failedPlaywrightTests(playwright, project));
  } else {
    problems.push(`Playwright wrote no report for ${project}`);
  }
}

for (const duration of durations) console.log(`took: ${duration}`);
for (const line of setUp) console.log(`jest ${line}`);
for (const problem of problems) console.error(`problem: ${problem}`);
for (const name of failedTests) console.log(`failed: ${name}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(problems.length || failed ? 1 : 0);
