/**
 * The machine client standing in for the operator's sorting and delivery systems (issue 6): it
 * gets tokens by client credentials with the one scope the API's `POST /api/tracking/events`
 * asks for (api/src/modules/tracking/routes.ts). The default secret is a development stand-in,
 * known to everyone who reads this file; a real provider registers the systems with secrets of
 * their own (or private_key_jwt).
 */
export const TRACKING_CLIENT_ID = 'tracking-simulator';
export const TRACKING_INGEST_SCOPE = 'tracking:ingest';
// The configuration (api/src/config) knows the development secret: production refuses it there.
export { DEV_TRACKING_CLIENT_SECRET } from '@portal/api/config';

/**
 * The development stand-in of a post office counter's (or parcel locker's) machine client: it
 * redeems paid orders' hand-over codes for their labels (`POST /api/handover/redeem`,
 * api/src/modules/handover). Only the development provider knows it, and production refuses that
 * provider, so its published secret never reaches production.
 */
export const HANDOVER_COUNTER_CLIENT_ID = 'counter-standin';
export const DEV_HANDOVER_COUNTER_SECRET = 'dev-handover-counter-secret-not-for-production';
export { HANDOVER_REDEEM_SCOPE } from '@portal/shared-contracts/orders';
