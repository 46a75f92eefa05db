// Jest for the platform's screens: the shell and each remote, in the monorepo (one project each,
// jest.config.js at the root) and a remote tested from its own folder (`portal-remote test`, its
// jest.config.cjs). One place for how a screen's test runs: swc for TypeScript and JSX (fast, no
// type-check: `portal-remote typecheck` does that), jsdom, the browser APIs jsdom lacks, and
// stylesheets and files imported as the bundler imports them.
const path = require('node:path');

const FILE_URL = path.join(__dirname, 'jest/file-url.cjs');

const transform = {
  '^.+\\.(t|j)sx?$': [
    require.resolve('@swc/jest'),
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

const moduleNameMapper = {
  '\\.css$': require.resolve('identity-obj-proxy'),
  '\\.svg$': FILE_URL,
  '\\?url$': FILE_URL,
};

/**
 * Packages jest (CommonJS) must transform: ES-module-only ones, and the platform's own, published
 * as TypeScript sources (a remote outside the monorepo has them in node_modules).
 */
function transformIgnorePatterns(esmPackages = []) {
  const allowed = ['@portal', ...esmPackages].map((name) => name.replace(/[.]/g, '\\.')).join('|');
  return [`/node_modules/(?!(${allowed})/)`];
}

// jest's runtime with V8's code cache shared by a worker's files (see there why): the screens' and the API's.
const runtime = path.join(__dirname, 'jest/compile-cache-runtime.cjs');

/** A screen's project: `rootDir` its folder (or the repository, with `roots`). */
function screenProject({ displayName, rootDir, roots = ['<rootDir>'], esmPackages = [] }) {
  return {
    displayName,
    rootDir,
    roots,
    testEnvironment: require.resolve('jest-environment-jsdom'),
    runtime,
    transform,
    moduleNameMapper,
    transformIgnorePatterns: transformIgnorePatterns(esmPackages),
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    setupFilesAfterEnv: [path.join(__dirname, 'jest/setup-dom.ts')],
  };
}

module.exports = { screenProject, runtime, transform, moduleNameMapper, transformIgnorePatterns };
