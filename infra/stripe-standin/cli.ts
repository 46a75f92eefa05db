// `npm run stripe:standin`: the Stripe stand-in on :12111 for trying card payments locally. Start
// the portal with the printed settings (PAYMENT_PROVIDER=stripe …) in another terminal.
import { startStripeStandIn } from './server';

const port = Number(process.env.STRIPE_STANDIN_PORT ?? 12111);
const portal = process.env.PORTAL_URL ?? 'http://127.0.0.1:8080';
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
