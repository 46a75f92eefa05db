import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_MESSAGES, WEBHOOK_SIGNATURE_HEADER } from '@portal/shared-contracts/webhooks';
import {
  type AllowedNetworks,
  guardedLookup,
  isPermittedAddress,
  parseTarget,
  type Resolver,
  TargetRefused,
  type WebhookTargets,
} from './addresses';
import { signatureHeader } from './signature';

/** What one try told: the receiver's status code, or what went wrong (the message shown on the settings page). */
export interface AttemptOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface SendOptions {
  targets: WebhookTargets;
  timeoutMs: number;
  resolve: Resolver;
  /** Networks allowed besides the public internet (WEBHOOK_ALLOWED_NETWORKS). */
  allowed?: AllowedNetworks;
}

export interface OutgoingDelivery {
  url: string;
  secret: string;
  body: string;
  eventId: string;
  eventType: string;
  deliveryId: number;
}

/**
 * Posts one delivery (node:http, so that the connection's address is checked where it is
 * resolved: addresses.ts guardedLookup). Never throws: a refusal, a connection error, a status
 * that is not 2xx or no answer within `timeoutMs` (a hanging receiver) is a failed attempt. Redirects are
 * not followed (a 3xx could point into the internal network); the answer's body is not read beyond
 * draining it.
 */
export function sendDelivery(delivery: OutgoingDelivery, options: SendOptions): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string): AttemptOutcome => ({ statusCode: null, error, durationMs: elapsed() });
  let url: URL;
  try {
    url = parseTarget(delivery.url, options.targets);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (options.targets === 'public' && isIP(host) && !isPermittedAddress(host, options.allowed))
      throw new TargetRefused(WEBHOOK_MESSAGES.privateAddress, 'PRIVATE_ADDRESS');
  } catch (error) {
    return Promise.resolve(failed(error instanceof TargetRefused ? error.message : WEBHOOK_MESSAGES.url));
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = send(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(options.targets, options.resolve, options.allowed),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(delivery.body),
          'user-agent': 'postal-portal-webhooks/1',
          // Signed with the time it is sent (the wall clock): what a receiver compares with its own.
          [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(delivery.secret, delivery.body, new Date()),
          'Portal-Event-Id': delivery.eventId,
          'Portal-Event-Type': delivery.eventType,
          'Portal-Delivery-Id': String(delivery.deliveryId),
        },
      },
      (response) => {
        response.resume();
        const statusCode = response.statusCode ?? 0;
        const ok = statusCode >= 200 && statusCode < 300;
        finish({ statusCode, error: ok ? null : `HTTP ${statusCode}`, durationMs: elapsed() });
      },
    );
    // The whole try, connection included, within the limit: a receiver that accepts and never answers is a failed attempt.
    const timer = setTimeout(() => {
      finish(failed(WEBHOOK_MESSAGES.timeout));
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error) => {
      finish(failed(error instanceof TargetRefused ? error.message : WEBHOOK_MESSAGES.unreachable));
    });
    request.end(delivery.body);
  });
}
