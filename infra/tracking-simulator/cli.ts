// `npm run tracking:simulate -- --step [--number <S10>]`: advances the paid shipments that have not
// finished their journey (or the one with this number) by one scan on a running portal, then exits.
//   PORTAL_URL   the portal's origin (default http://127.0.0.1:$PORT, PORT default 8080)
//   OIDC_ISSUER  the provider to get the token from (default <PORTAL_URL>/idp)
//   TRACKING_CLIENT_ID, TRACKING_CLIENT_SECRET  the machine client (default the development one)
import { operatorOptionsOrExit } from '../cli/operator-options';
import { createSimulator } from './simulator';

const USAGE = [
  'usage: npm run tracking:simulate -- --step [--number <shipment number>] [--portal <origin>]',
  '  --step    advance the unfinished paid shipments (or --number) by one scan, then exit',
  "  --portal  the portal's origin (default PORTAL_URL, else http://127.0.0.1:$PORT, PORT default 8080)",
].join('\n');

const options = operatorOptionsOrExit(USAGE, {
  extra: { step: { type: 'boolean' }, number: { type: 'string' } },
});
const values = options.values as { step?: boolean; number?: string };
if (!values.step) {
  console.error(USAGE);
  process.exit(2);
}

const portalUrl =
  options.values.portal === undefined && !process.env.PORTAL_URL
    ? `http://127.0.0.1:${process.env.PORT ?? 8080}`
    : options.portal;
const simulator = createSimulator({ portalUrl, issuer: process.env.OIDC_ISSUER ?? `${portalUrl}/idp` });
try {
  const moved = await simulator.step(values.number?.trim().toUpperCase());
  if (moved.length === 0) console.log(values.number ? `${values.number}: nothing to advance` : 'nothing to advance');
  for (const outcome of moved) {
    console.log(
      `${outcome.number}: ${outcome.from} -> ${outcome.code}${outcome.flagged ? ` (flagged: ${outcome.flagged})` : ''}`,
    );
  }
} catch (error) {
  console.error(`tracking simulator: ${(error as Error).message}`);
  process.exit(1);
}
