import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import DatabaseFilesFirst from './database-files-first-sequencer.cjs';

// The order of test files on a clean clone (no timing known): database files first, largest first,
// then the others largest first; once jest knows times, its own order (slowest first) stands.

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'sequencer-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const DOCBLOCK = '/**\n * @jest-environment ./api/test/pglite-environment.cjs\n */\n';

function testFile(name: string, opensDatabase: boolean, bytes: number) {
  const file = path.join(folder, name);
  const head = opensDatabase ? DOCBLOCK : '';
  writeFileSync(file, head + 'x'.repeat(bytes - head.length));
  const context = { config: { cache: false }, hasteFS: { getSize: (at: string) => statSync(at).size } };
  return { path: file, context } as never;
}

const names = (tests: Array<{ path: string }>) => tests.map((test) => path.basename(test.path));

it('runs the files that open a database first when no time is known, each group largest first', () => {
  const tests = [
    testFile('big-unit.test.ts', false, 9_000),
    testFile('small-fuzz.test.ts', true, 800),
    testFile('small-unit.test.ts', false, 500),
    testFile('big-db.test.ts', true, 5_000),
  ];
  expect(names(new DatabaseFilesFirst({} as never).sort(tests))).toEqual([
    'big-db.test.ts',
    'small-fuzz.test.ts',
    'big-unit.test.ts',
    'small-unit.test.ts',
  ]);
});

it('keeps jest’s slowest-first order once the times are known', () => {
  const milliseconds: Record<string, number> = { 'quick-db.test.ts': 1_000, 'slow-unit.test.ts': 9_000 };
  // What jest's own cache of the last run's times would answer.
  const sequencer = new DatabaseFilesFirst({} as never);
  Object.assign(sequencer, { time: (test: { path: string }) => milliseconds[path.basename(test.path)] });
  const tests = [testFile('quick-db.test.ts', true, 800), testFile('slow-unit.test.ts', false, 500)];
  expect(names(sequencer.sort(tests))).toEqual(['slow-unit.test.ts', 'quick-db.test.ts']);
});
