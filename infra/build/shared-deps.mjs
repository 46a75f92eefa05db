// The one list of modules shared as singletons between the shell and every remote (DESIGN §3).
// Sub-paths are listed too: a remote that imports `react/jsx-runtime` or `react-dom/client`
// would otherwise silently ship its own copy (STACK-NOTES).
export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'zustand',
  '@tanstack/react-query',
  'i18next',
  'react-i18next',
  '@portal/shared-contracts',
  '@portal/shared-contracts/address-book',
  '@portal/shared-contracts/complaints',
  '@portal/shared-contracts/countries',
  '@portal/shared-contracts/orders',
  '@portal/shared-contracts/pricing',
  '@portal/shared-contracts/react',
  '@portal/shared-contracts/s10',
  '@portal/shared-contracts/tracking',
  // Mantine and react-router are shared through these curated re-exports, never whole:
  // a shared module cannot be tree-shaken (see shared-contracts/src/ui/index.ts).
  '@portal/shared-contracts/ui',
  '@portal/shared-contracts/ui/overlays',
  '@portal/shared-contracts/ui/forms',
  '@portal/shared-contracts/router',
];

export function sharedConfig() {
  return Object.fromEntries(SHARED_SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: false }]));
}
