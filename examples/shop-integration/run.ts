// Runs ship.ts against a portal: PORTAL_URL (default http://localhost:8080) and PORTAL_API_KEY (a test key).
import { shipWithTestKey } from './ship';

const key = process.env.PORTAL_API_KEY;
if (!key) {
  console.error('PORTAL_API_KEY=lvp_test_… is needed (a test key with the read, ship and track scopes)');
  process.exit(2);
}
const run = await shipWithTestKey(process.env.PORTAL_URL ?? 'http://localhost:8080', key);
console.log(JSON.stringify(run, null, 2));
