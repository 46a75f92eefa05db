import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { opensDatabase } from './database-test-file.cjs';

// Which test files open a database: CI's second run (on PostgreSQL) runs only these, and a clean
// clone's jest runs them first. Read from the docblock as jest reads it, not from any mention.

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'database-test-file-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function testFile(name: string, source: string): string {
  const file = path.join(folder, name);
  writeFileSync(file, source);
  return file;
}

it('is a file whose docblock names the database test environment', () => {
  const file = testFile(
    'with-database.test.ts',
    '/**\n * @jest-environment ./api/test/pglite-environment.cjs\n */\nimport x from "y";\n',
  );
  expect(opensDatabase(file)).toBe(true);
});

it('is not a file that only mentions the environment, nor one with another environment', () => {
  const mentions = testFile(
    'mentions.test.ts',
    "import x from 'y';\nconst DOCBLOCK = '/**\\n * @jest-environment ./api/test/pglite-environment.cjs\\n */';\n",
  );
  const jsdom = testFile('screen.test.tsx', '/**\n * @jest-environment jsdom\n */\nit("renders", () => {});\n');
  const none = testFile('rule.test.ts', 'it("holds", () => {});\n');
  expect([opensDatabase(mentions), opensDatabase(jsdom), opensDatabase(none)]).toEqual([false, false, false]);
});

it('answers for the repository’s own files as CI runs them', () => {
  expect(opensDatabase(path.join(__dirname, 'modules/returns/returns.test.ts'))).toBe(true);
  // The sequencer's test writes the docblock into files of its own, but runs without a database.
  expect(opensDatabase(path.join(__dirname, 'database-files-first-sequencer.test.ts'))).toBe(false);
});
