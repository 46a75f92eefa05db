/**
 * The shared entries of `build-preset/shared-deps.mjs` that the shell itself does not render. The
 * build provides only shared modules the shell references; without the shell's copy each remote
 * loads its own: for `ui/forms` that copy's Mantine sits outside the shell's MantineProvider
 * ("MantineProvider was not found"), for the others each remote would download them again.
 * Referenced here, never called at start: they cost the first paint nothing and load with the
 * first remote that asks for them. Add an entry here when you add one to the shared list.
 */
export const PROVIDED_TO_REMOTES = {
  'ui/forms': () => import('@portal/shared-contracts/ui/forms'),
  'ui/dropzone': () => import('@portal/shared-contracts/ui/dropzone'),
  account: () => import('@portal/shared-contracts/account'),
  'address-book': () => import('@portal/shared-contracts/address-book'),
  calendar: () => import('@portal/shared-contracts/calendar'),
  cms: () => import('@portal/shared-contracts/cms'),
  complaints: () => import('@portal/shared-contracts/complaints'),
  countries: () => import('@portal/shared-contracts/countries'),
  ebay: () => import('@portal/shared-contracts/ebay'),
  pricing: () => import('@portal/shared-contracts/pricing'),
  orders: () => import('@portal/shared-contracts/orders'),
  s10: () => import('@portal/shared-contracts/s10'),
  tracking: () => import('@portal/shared-contracts/tracking'),
};
