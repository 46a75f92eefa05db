// `npm run stripe:standin -- [--port <n>] [--portal <origin>]`: the Stripe stand-in for trying card
// payments locally, on a free port unless told one. Start the portal with the printed settings
// (PAYMENT_PROVIDER=stripe …) in another terminal.
import { operatorOptionsOrExit } from '../cli/operator-options';
import { startStripeStandIn } from './server';

const { port, portal } = operatorOptionsOrExit(
  [
    'usage: npm run stripe:standin -- [--port <n>] [--portal <origin>]',
    '  --port    where the stand-in listens (default STRIPE_STANDIN_PORT, else any free port; printed)',
    "  --portal  the portal's origin, where Stripe's events are posted (default PORTAL_URL, else http://127.0.0.1:8080)",
  ].join('\n'),
  { envPort: 'STRIPE_STANDIN_PORT' },
);
const secretKey = 'sk_test_standin';
const webhookSecret = 'whsec_standin';
const standIn = await startStripeStandIn({
  port,
  secretKey,
  webhookSecret,
  webhookUrl: `${portal}/api/payment-callbacks/stripe`,
});
console.log(`Stripe stand-in at ${standIn.url}; start the portal with:`);
console.log(
  `  PAYMENT_PROVIDER=stripe STRIPE_SECRET_KEY=${secretKey} STRIPE_WEBHOOK_SECRET=${webhookSecret} STRIPE_API_URL=${standIn.url} npm run serve`,
);
