// Jest test environment for the document tests (docblock
// `@jest-environment ./api/test/modules/documents/pdf-environment.cjs`). pdf-parse runs pdf.js,
// which loads its worker with import(): Jest's CommonJS vm sandbox refuses that on Node 20
// without --experimental-vm-modules. Node's own loader handles it, so the package is loaded here
// and handed to the sandbox; the tests mock `pdf-parse` with it (same approach as
// api/test/pglite-environment.cjs).
const { TestEnvironment } = require('jest-environment-node');

// pdf.js polyfills the Iterator helpers of newer Node versions and, on Node 20, defines a global
// `Iterator` in the worker's own realm. jsdom (loaded later by a jsdom test in the same worker)
// lists the worker's globals once and expects each of them in every window it creates: the extra
// `Iterator` made it fail with "Iterator is not defined". The helpers stay on the iterator
// prototypes, which is what pdf.js uses; only the global name is taken back.
const hadIterator = Object.hasOwn(globalThis, 'Iterator');
const nativeModules = { 'pdf-parse': require('pdf-parse') };
if (!hadIterator) delete globalThis.Iterator;

module.exports = class PdfEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.nativeModules = nativeModules;
  }

  // pdf.js may load its polyfills only at the first parse, after this file ran: take the global
  // name back again when the test file is done, before the worker moves on to the next file.
  async teardown() {
    if (!hadIterator) delete globalThis.Iterator;
    await super.teardown();
  }
};
