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
