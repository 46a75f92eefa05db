// Jest test environment for the document tests (docblock
// `@jest-environment ./api/test/modules/documents/pdf-environment.cjs`). pdf-parse runs pdf.js,
// which loads its worker with import(): Jest's CommonJS vm sandbox refuses that on Node 20
// without --experimental-vm-modules. Node's own loader handles it, so the package is loaded here
// and handed to the sandbox; the tests mock `pdf-parse` with it (same approach as
// api/test/pglite-environment.cjs).
const { TestEnvironment } = require('jest-environment-node');

const nativeModules = { 'pdf-parse': require('pdf-parse') };

module.exports = class PdfEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.nativeModules = nativeModules;
  }
};
