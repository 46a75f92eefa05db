// The one list of modules shared as singletons between the shell and every remote (DESIGN §3).
// Sub-paths are listed too: a remote that imports `react/jsx-runtime` or `react-dom/client`
// would otherwise silently ship its own copy (STACK-NOTES).
export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'react-router-dom',
  'zustand',
  '@tanstack/react-query',
  'i18next',
  'react-i18next',
  '@mantine/core',
  '@mantine/hooks',
  '@portal/shared-contracts',
  '@portal/shared-contracts/react',
];

export function sharedConfig() {
  return Object.fromEntries(SHARED_SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: false }]));
}
