/**
 * Architectural boundaries (DESIGN §1): remotes never import each other or the shell,
 * the shell never imports a remote (it loads them at run time), the API never imports
 * frontend code, and shared-contracts depends on nothing of the application.
 * `npm run boundaries` fails CI when a rule is broken.
 */
module.exports = {
  forbidden: [
    {
      name: 'remote-imports-other-remote',
      severity: 'error',
      from: { path: '^(mf-[^/]+)/' },
      to: { path: '^mf-[^/]+/', pathNot: '^$1/' },
    },
    {
      name: 'remote-imports-shell',
      severity: 'error',
      from: { path: '^mf-[^/]+/' },
      to: { path: '^shell/' },
    },
    {
      name: 'shell-imports-remote',
      comment: 'The shell loads remotes with Module Federation at run time, never by import.',
      severity: 'error',
      from: { path: '^shell/' },
      to: { path: '^mf-[^/]+/' },
    },
    {
      name: 'api-imports-frontend',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^(shell|mf-[^/]+)/' },
    },
    {
      name: 'contracts-import-application',
      severity: 'error',
      from: { path: '^shared-contracts/' },
      to: { path: '^(shell|mf-[^/]+|api|infra)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { pathNot: 'node_modules' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|coverage|\\.data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
