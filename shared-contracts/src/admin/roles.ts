/**
 * Back-office roles (issue 14): what each role may open. The API's admin guard and the screens
 * (shell route access, mf-admin sections) both ask `hasAdminRole`, so they never disagree.
 */
export const ADMIN_ROLES = ['content_editor', 'customer_service', 'product_manager', 'administrator'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** The role that may do everything, every undeclared admin route included. */
export const SUPER_ROLE: AdminRole = 'administrator';

/**
 * Whether a user with `userRoles` may use something that needs one of `required` (an empty list
 * means administrators only). Administrators may do everything.
 */
export function hasAdminRole(userRoles: readonly string[] | undefined, required: readonly AdminRole[]): boolean {
  if (!userRoles || userRoles.length === 0) return false;
  if (userRoles.includes(SUPER_ROLE)) return true;
  return required.some((role) => userRoles.includes(role));
}

/**
 * The back office's sections (paths under /admin) and the roles that open each. The API routes
 * behind a section declare the same roles (api: `adminRoute(...)`).
 */
export const ADMIN_SECTION_ROLES: Readonly<Record<string, readonly AdminRole[]>> = {
  locations: ['product_manager'],
  cms: ['content_editor'],
  complaints: ['customer_service'],
  // Customer service reads users, applications and the archive; only administrators change them
  // (api/src/modules/identity/admin-routes.ts; the screens hide the buttons).
  users: ['customer_service'],
  archive: ['customer_service'],
  orders: ['customer_service'],
  work_flows: ['product_manager'],
  tariffs: ['product_manager'],
  discounts: ['product_manager'],
  // The post's announcements (issue 14 item 6): content editors compose and send them.
  notifications: ['content_editor'],
  cache: [],
  // Settings: the working days calendar (the post's own days off).
  calendar: [],
  audit: [],
  // Orders and revenue per product, country and status: the product managers' figures (issue 14 item 10).
  reports: ['product_manager'],
};

/** Whether the user may open the back-office page at `path` (`/admin/tariffs/...`); `/admin` itself is every role's. */
export function mayOpenAdminPath(userRoles: readonly string[] | undefined, path: string): boolean {
  const section = /^\/admin\/([^/?#]+)/.exec(path)?.[1];
  if (section === undefined) return (userRoles?.length ?? 0) > 0;
  return hasAdminRole(userRoles, ADMIN_SECTION_ROLES[section] ?? []);
}
