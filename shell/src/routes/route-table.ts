/**
 * Every route of SPEC §2 with its owner. The shell renders its own routes; a remote's
 * routes are mounted from remotes.json at run time, and this table is the fallback that
 * lets the shell say "temporarily unavailable" (not "not found") for a remote's path
 * when remotes.json is missing or the remote is switched off.
 */
export type RemoteName =
  | 'mf-order-flow'
  | 'mf-tracking'
  | 'mf-address-book'
  | 'mf-calculator'
  | 'mf-map'
  | 'mf-account'
  | 'mf-admin';

export type RouteOwner = 'shell' | RemoteName;

export interface PortalRoute {
  path: string;
  owner: RouteOwner;
  /** Key in the shell's catalogue for the page title. */
  titleKey: string;
  loginRequired?: boolean;
  adminOnly?: boolean;
}

export const ROUTES: readonly PortalRoute[] = [
  { path: '/', owner: 'shell', titleKey: 'pages.home' },
  { path: '/terms', owner: 'shell', titleKey: 'pages.terms' },
  { path: '/privacy-policy', owner: 'shell', titleKey: 'pages.privacyPolicy' },
  { path: '/cookie-policy', owner: 'shell', titleKey: 'pages.cookiePolicy' },
  { path: '/accessibility', owner: 'shell', titleKey: 'pages.accessibility' },
  { path: '/prohibitions', owner: 'shell', titleKey: 'pages.prohibitions' },
  { path: '/deadlines', owner: 'shell', titleKey: 'pages.deadlines' },
  { path: '/table', owner: 'shell', titleKey: 'pages.table' },
  { path: '/track', owner: 'mf-tracking', titleKey: 'pages.track' },
  { path: '/orders/:orderType/:id?/:paymentResult?', owner: 'mf-order-flow', titleKey: 'pages.order' },
  { path: '/my-orders', owner: 'mf-order-flow', titleKey: 'pages.myOrders' },
  { path: '/user/orders', owner: 'mf-order-flow', titleKey: 'pages.myOrders', loginRequired: true },
  { path: '/components', owner: 'mf-order-flow', titleKey: 'pages.components' },
  { path: '/address-book', owner: 'mf-address-book', titleKey: 'pages.addressBook', loginRequired: true },
  { path: '/tariff-calculator', owner: 'mf-calculator', titleKey: 'pages.calculator' },
  { path: '/postal-network', owner: 'mf-map', titleKey: 'pages.postalNetwork' },
  { path: '/user/profile', owner: 'mf-account', titleKey: 'pages.profile', loginRequired: true },
  { path: '/user/ebay/accounts/accepted', owner: 'mf-account', titleKey: 'pages.profile', loginRequired: true },
  { path: '/settings', owner: 'mf-account', titleKey: 'pages.settings' },
  { path: '/complaint/:orderId?', owner: 'mf-account', titleKey: 'pages.complaint' },
  { path: '/complaint-sent', owner: 'mf-account', titleKey: 'pages.complaintSent' },
  { path: '/faq', owner: 'mf-account', titleKey: 'pages.faq' },
  { path: '/notifications', owner: 'mf-account', titleKey: 'pages.notifications', loginRequired: true },
  { path: '/admin/*', owner: 'mf-admin', titleKey: 'pages.admin', loginRequired: true, adminOnly: true },
];

export interface NavItem {
  to: string;
  labelKey: string;
  owner: RouteOwner;
}

/** The header's navigation. Entries of a remote that is off or broken are hidden. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/orders/parcel', labelKey: 'nav.send', owner: 'mf-order-flow' },
  { to: '/track', labelKey: 'nav.track', owner: 'mf-tracking' },
  { to: '/tariff-calculator', labelKey: 'nav.calculator', owner: 'mf-calculator' },
  { to: '/postal-network', labelKey: 'nav.postalNetwork', owner: 'mf-map' },
  { to: '/my-orders', labelKey: 'nav.myOrders', owner: 'mf-order-flow' },
  { to: '/address-book', labelKey: 'nav.addressBook', owner: 'mf-address-book' },
  { to: '/faq', labelKey: 'nav.faq', owner: 'mf-account' },
];
