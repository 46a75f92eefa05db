// Jest setupFiles of the api project: runs in each test file's sandbox before the file's imports,
// so the mocks below hold whichever module of the API loads these packages first (they were in
// helpers.ts, which left a test importing an API module that loads the database before helpers.ts
// with PGlite's own copy, which cannot start in the sandbox: see pglite-environment.cjs). Files in
// that environment get the copies it loaded outside the sandbox; the others never open a database.
jest.mock(
  '@electric-sql/pglite',
  () => globalThis.nativeModules?.['@electric-sql/pglite'] ?? jest.requireActual('@electric-sql/pglite'),
);
jest.mock(
  '@opentelemetry/exporter-trace-otlp-http',
  () =>
    globalThis.nativeModules?.['@opentelemetry/exporter-trace-otlp-http'] ??
    jest.requireActual('@opentelemetry/exporter-trace-otlp-http'),
);
jest.mock(
  'light-my-request',
  () => globalThis.nativeModules?.['light-my-request'] ?? jest.requireActual('light-my-request'),
);

// Fastify names each registered plugin; for one without a name of its own it first looks through
// `require.cache` for a module exporting it (fastify/lib/plugin-utils.js getPluginName), twice per
// registration. Under jest `require.cache` is a proxy over the sandbox's module registry, and the
// app's 70 registrations spent about 0.7 s of every test file's start there (measured with
// --cpu-prof). The function's own name is what that search ends with for the app's plugins (named
// exports, never a module's whole export), so it is given at once; a name set by fastify-plugin
// still wins. Outside jest the cache is a plain object and the search is cheap.
const displayName = Symbol.for('fastify.display-name');
Object.defineProperty(Function.prototype, displayName, {
  configurable: true,
  get() {
    return this.name || undefined;
  },
  set(value) {
    Object.defineProperty(this, displayName, { value, writable: true, configurable: true, enumerable: true });
  },
});
