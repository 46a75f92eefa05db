import Sequencer from '@jest/test-sequencer';

type Tests = Parameters<Sequencer['sort']>[0];

/** Jest's sequencer, with the database test files first when no file's time is known. */
export default class DatabaseFilesFirst extends Sequencer {
  override sort(tests: Tests): Tests;
}
