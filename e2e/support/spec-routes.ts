// SPEC §2's routes (and the portal's public pages beyond it), for the specs that walk every page (routes.spec.ts, narrow-screens.spec.ts).

/** Every route of SPEC §2 with the heading it shows in English. */
export const ROUTES: [string, string][] = [
  ['/', 'Send and track letters and parcels'],
  ['/track', 'Package tracking'],
  ['/user/profile', 'My profile'],
  ['/user/ebay/accounts/accepted', 'My profile'],
  ['/user/orders', 'My orders'],
  ['/my-orders', 'My orders'],
  ['/orders/parcel', 'Send a parcel'],
  ['/orders/letter', 'Send a letter'],
  ['/orders/parcel/123/success', 'Send a parcel'],
  ['/components', 'Components'],
  ['/table', 'Table'],
  ['/postal-network', 'Postal network'],
  ['/address-book', 'Address book'],
  ['/tariff-calculator', 'Price calculator'],
  ['/settings', 'My data and settings'],
  ['/complaint', 'Complaint'],
  ['/complaint/42', 'Complaint'],
  ['/complaint-sent', 'Complaint sent'],
  // Not in SPEC §2: the public returns page of issue 40 item 1.
  ['/returns', 'Return a parcel'],
  ['/terms', 'Terms of use'],
  ['/privacy-policy', 'Privacy policy'],
  ['/deadlines', 'Delivery times'],
  ['/faq', 'Customer support'],
  ['/notifications', 'Notifications'],
  ['/admin', 'Administration'],
  ['/admin/cms', 'Content blocks'],
  ['/admin/cms/editor/7', 'Content block editor'],
  ['/admin/users', 'Users'],
  ['/admin/orders/show/5', 'Order'],
  ['/admin/work_flows/mass_edit', 'Edit products together'],
  ['/admin/discounts', 'Discounts'],
  ['/admin/cache', 'Cache'],
];

/** SPEC §2 login-required routes (and /admin): anonymous visitors sign in first, then come back. */
export const LOGIN_REQUIRED = /^\/(user\/|address-book|notifications|admin|settings)/;
