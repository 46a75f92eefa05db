// Jest test environment for the files that start the app on a database (docblock
// `@jest-environment ./api/test/pglite-environment.cjs`, resolved from the repository root).
// Jest runs modules in a vm sandbox as CommonJS, where two packages cannot load on Node 20:
// PGlite calls import() while starting (throws without --experimental-vm-modules), and
// light-my-request (behind app.inject) requires the ESM-only `cookie`. Node's own loader handles
// both, so they are loaded here and handed to the sandbox; helpers.ts mocks the packages with them.
// The same for OpenTelemetry's OTLP/HTTP exporter, which loads node:http with import() as it sends.
// The PGlite templates' dumps (templates/) are read here too, once per worker rather than once per
// test file (47 MB: 0.2-0.4 s a file on the busy 2-core machine). Each is kept as a Blob, which is
// immutable: PGlite copies its bytes into the new database's own memory as it starts, so every
// file's database is still its own (test/db/template-copies.test.ts).
const { readFileSync } = require('node:fs');
const { TestEnvironment } = require('jest-environment-node');

const nativeModules = {
  '@electric-sql/pglite': require('@electric-sql/pglite'),
  'light-my-request': require('light-my-request'),
  '@opentelemetry/exporter-trace-otlp-http': require('@opentelemetry/exporter-trace-otlp-http'),
};

const templateDumps = new Map();
function pgliteTemplateDump(file) {
  let dump = templateDumps.get(file);
  if (!dump) {
    dump = new Blob([readFileSync(file)]);
    templateDumps.set(file, dump);
  }
  return dump;
}

module.exports = class NativeModulesEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.nativeModules = nativeModules;
    this.global.pgliteTemplateDump = pgliteTemplateDump;
  }
};
