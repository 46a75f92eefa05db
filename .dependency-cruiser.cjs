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
      name: 'api-module-inner-file',
      comment:
        "API modules meet only at their front doors (issue 22): another module's index.ts, never its inner files (schema.ts files: next rule).",
      severity: 'error',
      from: { path: '^api/src/modules/([^/]+)/', pathNot: '^api/src/modules/[^/]+/schema\\.ts$' },
      to: {
        path: '^api/src/modules/[^/]+/',
        pathNot: ['^api/src/modules/$1/', '^api/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'api-schema-imports-other-than-schema',
      comment:
        "A module's schema.ts may import another module's schema.ts (drizzle needs the table object for a foreign key's `.references()`), and nothing else of another module: its index.ts would drag the module's services into drizzle-kit and make cycles. Only schema.ts files may do this (previous rule).",
      severity: 'error',
      from: { path: '^api/src/modules/([^/]+)/schema\\.ts$' },
      to: {
        path: '^api/src/modules/[^/]+/',
        pathNot: ['^api/src/modules/$1/', '^api/src/modules/[^/]+/schema\\.ts$'],
      },
    },
    {
      name: 'api-module-door-exports-table',
      comment:
        "A module's tables are its own (issue 37): its index.ts hands other modules functions and views that answer their questions, never its tables, so a table's shape is no other module's API. A type-only import (a row's type) is allowed. With api-module-inner-file, only schema.ts files reach another module's tables (for a foreign key).",
      severity: 'error',
      from: { path: '^api/src/modules/([^/]+)/index\\.ts$' },
      to: { path: '^api/src/modules/$1/schema\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'api-module-reexports-table',
      comment:
        "No inner file of a module passes its tables on (`export { table } from './schema'`): the front door could hand them out through it, out of the previous rule's sight. Type-only re-exports are allowed.",
      severity: 'error',
      from: { path: '^api/src/modules/([^/]+)/', pathNot: '^api/src/modules/[^/]+/(schema|index)\\.ts$' },
      to: { path: '^api/src/modules/$1/schema\\.ts$', dependencyTypes: ['export'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'api-kernel-imports-module',
      comment:
        'The shared kernels (calendar, http, db, auth, pdf, config, spreadsheet) and the outside-service adapters (storage, sms) sit below the modules: nothing there imports a module or the composition root.',
      severity: 'error',
      from: { path: '^api/src/(calendar|http|db|auth|pdf|config|spreadsheet|storage|sms)/' },
      to: { path: ['^api/src/modules/', '^api/src/((app|main)\\.ts$|composition/)'] },
    },
    {
      name: 'shared-contracts-folder-cycle',
      comment:
        "No folder of shared-contracts imports a folder that imports it back (issue 39): the kernels (rules/ for violations, api/ with its header names, schemas/) sit below the domains' folders, so a domain's rules can change without its kernel moving with them.",
      severity: 'error',
      scope: 'folder',
      // testing/ is jest's (never shipped): the tests beside each folder import it, and it imports them.
      from: { path: '^shared-contracts/src/[^/]+', pathNot: '^shared-contracts/src/testing' },
      to: { path: '^shared-contracts/src/[^/]+', pathNot: '^shared-contracts/src/testing', circular: true },
    },
    {
      name: 'api-module-imports-composition',
      comment: 'Modules are given their services by the composition root; they never import it.',
      severity: 'error',
      from: { path: '^api/src/modules/' },
      to: { path: '^api/src/((app|main)\\.ts$|composition/)' },
    },
    {
      name: 'feature-imports-feature',
      comment:
        'Inside a remote, features do not import each other (Feature-Sliced Design, issue 39): what several features use lives in src/shared/, and a page that composes features lives in src/pages/.',
      severity: 'error',
      from: { path: '^(mf-[^/]+)/src/features/([^/]+)/' },
      to: { path: '^$1/src/features/[^/]+/', pathNot: '^$1/src/features/$2/' },
    },
    {
      name: 'shared-imports-feature',
      comment: "A remote's src/shared/ sits below its features and pages: it imports neither.",
      severity: 'error',
      from: { path: '^(mf-[^/]+)/src/shared/' },
      to: { path: '^$1/src/(features|pages)/' },
    },
    {
      name: 'feature-imports-page',
      comment: 'A page composes features; a feature never imports a page.',
      severity: 'error',
      from: { path: '^(mf-[^/]+)/src/features/' },
      to: { path: '^$1/src/pages/' },
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
    // examples/shop-integration/client is generated (@hey-api/openapi-ts): its own modules import each other.
    exclude: { path: '(^|/)(dist|node_modules|coverage|\\.data)/|^examples/shop-integration/client/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
