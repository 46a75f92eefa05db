// Jest test environment for the files that start the app on a database (docblock
// `@jest-environment ./api/test/pglite-environment.cjs`, resolved from the repository root).
// Jest runs modules in a vm sandbox as CommonJS, where two packages cannot load on Node 20:
// PGlite calls import() while starting (throws without --experimental-vm-modules), and
// light-my-request (behind app.inject) requires the ESM-only `cookie`. Node's own loader handles
// both, so they are loaded here and handed to the sandbox; helpers.ts mocks the packages with them.
// The same for OpenTelemetry's OTLP/HTTP exporter, which loads node:http with import() as it sends.
const { TestEnvironment } = require('jest-environment-node');

const nativeModules = {
  '@electric-sql/pglite': require('@electric-sql/pglite'),
  'light-my-request': require('light-my-request'),
  '@opentelemetry/exporter-trace-otlp-http': require('@opentelemetry/exporter-trace-otlp-http'),
};

module.exports = class NativeModulesEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.nativeModules = nativeModules;
  }
};
