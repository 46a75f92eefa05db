// Jest's order of the test files when it knows nothing of their times (a clean clone: its timing
// cache is per checkout path). Jest then runs the largest files first, and the API's fuzz sweeps
// (short files, 20-40 s each) came last, beside the screens' quick files, so the run ended on them.
// Here the files that open a database (database-test-file.cjs) go first, largest first,
// and the quick files without one fill the end. Once jest has times (any later run in the same
// checkout), its own order stands: last failed first, then slowest first.
const { default: Sequencer } = require('@jest/test-sequencer');
const { opensDatabase } = require('./database-test-file.cjs');

module.exports = class DatabaseFilesFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    if (sorted.some((test) => test.duration != null)) return sorted;
    const withDatabase = sorted.filter((test) => opensDatabase(test.path));
    return [...withDatabase, ...sorted.filter((test) => !withDatabase.includes(test))];
  }
};
