import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@portal/shared-contracts/webhooks';
import ipaddr from 'ipaddr.js';

/** `public`: https to public addresses only (production); `any`: also http and local networks (development). */
export type WebhookTargets = 'public' | 'any';

/** Resolves a host name to every address it has (dns.lookup, as the HTTP client would). */
export type Resolver = (host: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/** Why an endpoint's address is refused: the message and code of its `url` violation. */
export class TargetRefused extends Error {
  constructor(
    message: string,
    readonly code: 'INVALID_URL' | 'HTTPS_ONLY' | 'PRIVATE_ADDRESS' | 'UNRESOLVABLE',
  ) {
    super(message);
  }
}

/**
 * Whether an address is on the public internet: ipaddr.js names each address's range, and only
 * `unicast` is a public one. Loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7),
 * link-local (169.254/16, fe80::/10, the cloud metadata service), carrier-grade NAT, multicast,
 * documentation, reserved and unspecified ranges are refused; an IPv4 address written as IPv6
 * (::ffff:127.0.0.1) is judged as the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/**
 * Networks the operator allows besides the public internet (WEBHOOK_ALLOWED_NETWORKS: addresses and
 * CIDR blocks, e.g. a partner reached over a private link). Empty: public addresses only.
 */
export type AllowedNetworks = readonly string[];

/** Whether `address` is in one of the allowed networks (an IPv4 address written as IPv6 judged as IPv4). */
export function isAllowedNetworkAddress(address: string, allowed: AllowedNetworks): boolean {
  if (allowed.length === 0 || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return allowed.some((network) => {
    const [base, bits] = network.includes('/')
      ? ipaddr.parseCIDR(network)
      : [ipaddr.parse(network), ipaddr.parse(network).kind() === 'ipv4' ? 32 : 128];
    return base.kind() === parsed.kind() && parsed.match(base, bits);
  });
}

/** Public, or in a network the operator allows: where a delivery may connect with `public` targets. */
export function isPermittedAddress(address: string, allowed: AllowedNetworks = []): boolean {
  return isPublicAddress(address) || isAllowedNetworkAddress(address, allowed);
}

/** The address's host as the HTTP client connects to it (brackets of an IPv6 literal removed). */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** The URL, or a refusal when it is not an http(s) URL without credentials. */
export function parseTarget(value: string, targets: WebhookTargets): URL {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new TargetRefused(WEBHOOK_MESSAGES.url, 'INVALID_URL');
  }
  if (!['https:', 'http:'].includes(url.protocol) || url.username || url.password)
    throw new TargetRefused(WEBHOOK_MESSAGES.url, 'INVALID_URL');
  if (targets === 'public' && url.protocol !== 'https:')
    throw new TargetRefused(WEBHOOK_MESSAGES.httpsOnly, 'HTTPS_ONLY');
  return url;
}

/**
 * Checks an endpoint's address before it is stored (SSRF): with `public`, https and a host whose
 * every address is public (a name resolving to one private address is refused: the client could
 * connect to that one). The same check runs again on every delivery, on the addresses the
 * connection actually uses (guardedLookup): a name may point elsewhere by then.
 */
export async function checkTarget(
  value: string,
  targets: WebhookTargets,
  resolve: Resolver,
  allowed: AllowedNetworks = [],
): Promise<URL> {
  const url = parseTarget(value, targets);
  if (targets === 'any') return url;
  const host = hostOf(url);
  if (isIP(host)) {
    if (!isPermittedAddress(host, allowed)) throw new TargetRefused(WEBHOOK_MESSAGES.privateAddress, 'PRIVATE_ADDRESS');
    return url;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new TargetRefused(WEBHOOK_MESSAGES.unresolvable, 'UNRESOLVABLE');
  }
  if (addresses.length === 0) throw new TargetRefused(WEBHOOK_MESSAGES.unresolvable, 'UNRESOLVABLE');
  if (addresses.some(({ address }) => !isPermittedAddress(address, allowed)))
    throw new TargetRefused(WEBHOOK_MESSAGES.privateAddress, 'PRIVATE_ADDRESS');
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The `lookup` of a delivery's connection (node:http): resolves the host and, with `public`,
 * refuses to connect when any address is not public. The connection then goes to the address
 * checked here, so a name that changes between check and connection (DNS rebinding) cannot slip
 * through. Node does not call `lookup` for an IP literal: sendDelivery checks those itself.
 */
export function guardedLookup(targets: WebhookTargets, resolve: Resolver, allowed: AllowedNetworks = []) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0) return callback(notFoundError(hostname), []);
        if (targets === 'public' && addresses.some(({ address }) => !isPermittedAddress(address, allowed))) {
          return callback(Object.assign(new TargetRefused(WEBHOOK_MESSAGES.privateAddress, 'PRIVATE_ADDRESS')), []);
        }
        const [first] = addresses;
        if (options.all) return callback(null, addresses);
        return callback(null, first?.address ?? '', first?.family ?? 4);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}

function notFoundError(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
}
