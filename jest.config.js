// One jest run covers every workspace: each project picks its environment.
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
  moduleNameMapper: { '\\.css$': 'identity-obj-proxy', '\\.svg$': '<rootDir>/infra/jest/file-url.cjs' },
  // ESM-only packages that jest (commonjs) must transform.
  transformIgnorePatterns: ['/node_modules/(?!(fuse\\.js|jose)/)'],
};

export default {
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
      roots: ['<rootDir>/api', '<rootDir>/infra'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: [
        '<rootDir>/shell',
        '<rootDir>/mf-order-flow',
        '<rootDir>/mf-tracking',
        '<rootDir>/mf-address-book',
        '<rootDir>/mf-calculator',
        '<rootDir>/mf-map',
        '<rootDir>/mf-account',
        '<rootDir>/mf-admin',
      ],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
      setupFilesAfterEnv: ['<rootDir>/infra/jest/setup-dom.ts'],
    },
  ],
};
