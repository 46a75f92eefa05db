// Whether a test file opens a database, the one rule CI's runner (infra/ci/test-all.mjs: a second
// run on PostgreSQL runs only these) and jest's order on a clean clone
// (database-files-first-sequencer.cjs) both ask: the file runs in the database test environment,
// named in its docblock (api/test/helpers.ts then opens PGlite or, with DATABASE_URL, PostgreSQL).
// The docblock is read as jest reads it (jest-docblock, jest's own parser), so a file that only
// mentions the environment elsewhere (a test of this rule) is not taken for one.
const { readFileSync } = require('node:fs');
const { extract, parse } = require('jest-docblock');

const DATABASE_ENVIRONMENT = './api/test/pglite-environment.cjs';

/** True when the test file at `filePath` runs in the database test environment. */
function opensDatabase(filePath) {
  return parse(extract(readFileSync(filePath, 'utf8')))['jest-environment'] === DATABASE_ENVIRONMENT;
}

module.exports = { DATABASE_ENVIRONMENT, opensDatabase };
