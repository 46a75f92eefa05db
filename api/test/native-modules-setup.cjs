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
  'light-my-request',
  () => globalThis.nativeModules?.['light-my-request'] ?? jest.requireActual('light-my-request'),
);
