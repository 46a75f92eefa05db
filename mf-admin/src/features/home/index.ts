// The feature's public entry: other features of this remote import only what is listed here
// (dependency-cruiser's feature-inner-file rule).
export { ADMIN_NAV_GROUPS, ADMIN_SECTIONS, default as AdminHomePage } from './AdminHomePage';
