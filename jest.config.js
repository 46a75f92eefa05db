// One jest run covers every workspace: each project picks its environment. The shell and each
// remote are projects of their own, named after their folder, so a team runs only its own tests
// (`npm test -w mf-calculator`); the list comes from the workspaces, so a new remote needs no line
// here. How a screen's test runs is the build preset's (build-preset/jest-preset.cjs), the same
// when a remote is tested from its own folder.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const { moduleNameMapper, runtime, screenProject, transform, transformIgnorePatterns } = createRequire(import.meta.url)(
  './build-preset/jest-preset.cjs',
);
const workspaces = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).workspaces;
const screens = workspaces.filter((name) => name === 'shell' || /^mf-[a-z-]+$/.test(name));
const rootDir = import.meta.dirname;
// ESM-only packages that jest (commonjs) must transform.
// file-type and its readers, and marked: complaint attachments' content check and CMS Markdown (api);
// content-disposition: @fastify/static's, under the API reference page (@fastify/swagger-ui).
const esmPackages = [
  'fuse.js',
  // Its browser entry (jsdom's condition) is ESM.
  'transliteration',
  'jose',
  'file-type',
  'strtok3',
  'token-types',
  '@tokenizer/inflate',
  'uint8array-extras',
  '@borewit/text-codec',
  '@file-type/cfbf',
  'win-guid',
  'marked',
  'content-disposition',
  'pg-boss',
  'serialize-error',
  'non-error',
  'rrule-temporal',
  'temporal-spec',
];
const common = { transform, moduleNameMapper, transformIgnorePatterns: transformIgnorePatterns(esmPackages) };

export default {
  // Five seconds (jest's default) was passed by PDF and XLSX writing and by location imports in a
  // CI run on PostgreSQL while the 2-core machine did other work, and 30 s by a whole app's set-up
  // with its OpenAPI documents (34 s once at load 8): a slow test is not a failed one, and the limit
  // is there to stop a hang, not to time anything.
  testTimeout: 120_000,
  // A worker that has run many files runs the next ones slower (not one large leak: its heap after
  // each file stays at 450-750 MB): the same 61 API files in one worker took 243 s, the last one (a
  // fuzz sweep) 51 s where a fresh worker takes 25-29 s. Jest starts a new worker when a file leaves more than
  // this on the heap (heapUsed, after the file): 450 MB gave 170 s; 300 MB restarted so often that it
  // cost more (188 s), 700 MB too seldom (195 s). The whole suite at 2 workers: 535 -> 453 s
  // (api/README.md Tests). The compile cache (build-preset/jest/compile-cache-runtime.cjs) is on disk
  // so that a new worker does not compile everything again.
  workerIdleMemoryLimit: '450MB',
  testSequencer: `${rootDir}/api/test/database-files-first-sequencer.cjs`,
  projects: [
    {
      ...screenProject({ displayName: 'contracts', rootDir, roots: ['<rootDir>/shared-contracts'], esmPackages }),
    },
    {
      ...common,
      displayName: 'api',
      rootDir,
      testEnvironment: 'node',
      runtime,
      // The template databases every API test file starts from (api/test/templates/).
      globalSetup: '<rootDir>/api/test/templates/global-setup.cjs',
      globalTeardown: '<rootDir>/api/test/templates/global-teardown.cjs',
      // PGlite and light-my-request as loaded outside the sandbox (api/test/pglite-environment.cjs).
      setupFiles: ['<rootDir>/api/test/native-modules-setup.cjs'],
      roots: ['<rootDir>/api', '<rootDir>/infra', '<rootDir>/build-preset'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
    ...screens.map((name) => screenProject({ displayName: name, rootDir, roots: [`<rootDir>/${name}`], esmPackages })),
  ],
};
