// One jest run covers every workspace: each project picks its environment. The shell and each
// remote are projects of their own, named after their folder, so a team runs only its own tests
// (`npm test -w mf-calculator` = `jest --selectProjects mf-calculator`); the list comes from the
// workspaces, so a new remote needs no line here.
import { readFileSync } from 'node:fs';

const workspaces = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).workspaces;
const screens = workspaces.filter((name) => name === 'shell' || /^mf-[a-z-]+$/.test(name));
// TypeScript and JSX are transformed by swc (fast, no type-check: `npm run typecheck` does that).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '\\.css$': 'identity-obj-proxy',
    '\\.svg$': '<rootDir>/infra/jest/file-url.cjs',
    '\\?url$': '<rootDir>/infra/jest/file-url.cjs',
  },
  // ESM-only packages that jest (commonjs) must transform.
  // file-type and its readers, and marked: complaint attachments' content check and CMS Markdown (api);
  // content-disposition: @fastify/static's, under the API reference page (@fastify/swagger-ui).
  transformIgnorePatterns: [
    '/node_modules/(?!(fuse\\.js|jose|file-type|strtok3|token-types|@tokenizer/inflate|uint8array-extras|@borewit/text-codec|@file-type/cfbf|win-guid|marked|content-disposition|pg-boss|serialize-error|non-error|rrule-temporal|temporal-spec)/)',
  ],
};

export default {
  // Five seconds (jest's default) was passed by PDF and XLSX writing and by location imports in a
  // CI run on PostgreSQL while the 2-core machine did other work; a slow test is not a failed one.
  testTimeout: 30_000,
  projects: [
    {
      ...common,
      displayName: 'contracts',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/shared-contracts'],
      setupFilesAfterEnv: ['<rootDir>/infra/jest/setup-dom.ts'],
    },
    {
      ...common,
      displayName: 'api',
      testEnvironment: 'node',
      // The template databases every API test file starts from (api/test/templates/).
      globalSetup: '<rootDir>/api/test/templates/global-setup.cjs',
      globalTeardown: '<rootDir>/api/test/templates/global-teardown.cjs',
      // PGlite and light-my-request as loaded outside the sandbox (api/test/pglite-environment.cjs).
      setupFiles: ['<rootDir>/api/test/native-modules-setup.cjs'],
      roots: ['<rootDir>/api', '<rootDir>/infra'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
    ...screens.map((name) => ({
      ...common,
      displayName: name,
      testEnvironment: 'jsdom',
      roots: [`<rootDir>/${name}`],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
      setupFilesAfterEnv: ['<rootDir>/infra/jest/setup-dom.ts'],
    })),
  ],
};
