// The development provider on a port of its own for sign-in-limits.test.ts: oidc-provider is an
// ES module jest cannot load, so the test runs it here, in Node (`node --import tsx`). The clock
// of the limits is the test's: it starts at CLOCK and moves by the milliseconds the test writes to
// stdin (one number a line; each acknowledged with "ok"). The first line out is the base URL.
import { createInterface } from 'node:readline';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { registerDevIdp } from './index';

let clock = Number(process.env.CLOCK);
const app = Fastify();
await app.register(rateLimit, { global: false });
// The gateway's per-address limit, refused as the API's checkRateLimit refuses (429 with Retry-After).
const limiter = app.createRateLimit({ max: Number(process.env.PER_ADDRESS), timeWindow: 60_000 });
await registerDevIdp(app, {
  issuer: 'http://127.0.0.1/idp',
  now: () => clock,
  limitSignIn: async (request) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      throw Object.assign(new Error('Too many requests'), {
        status: 429,
        headers: { 'retry-after': String(result.ttlInSeconds) },
      });
    }
  },
});
console.log(await app.listen({ port: 0, host: '127.0.0.1' }));
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  clock += Number(line);
  console.log('ok');
});
lines.on('close', () => void app.close().then(() => process.exit(0)));
