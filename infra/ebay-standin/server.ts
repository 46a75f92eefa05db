// A local stand-in for eBay (issue 15): the calls the portal's eBay client
// (api/src/modules/ebay/client.ts) makes, with eBay's contract as its published OpenAPI
// definitions and OAuth guide describe it, so that tests and a development machine link accounts,
// read sales and ship them with no network. Production refuses it (api/src/config: EBAY_API_URL
// and EBAY_AUTH_URL on this machine).
//   GET/POST /oauth2/authorize                      the consent page (auth.ebay.com)
//   POST /identity/v1/oauth2/token                  authorization_code, refresh_token, client_credentials
//   GET  /sell/fulfillment/v1/order                 getOrders (filter orderfulfillmentstatus, limit, offset)
//   GET  /sell/fulfillment/v1/order/{orderId}       getOrder
//   POST /sell/fulfillment/v1/order/{orderId}/shipping_fulfillment   createShippingFulfillment
//   GET  /sell/fulfillment/v1/order/{orderId}/shipping_fulfillment   getShippingFulfillments
//   GET  /commerce/identity/v1/user/                getUser (who the user token's seller is)
//   GET  /commerce/notification/v1/public_key/{id}  getPublicKey (application token): the key notices are signed with
//   POST /_standin/account-deletion                 sends a signed MARKETPLACE_ACCOUNT_DELETION notice to an endpoint
//   POST /_standin/control, GET /_standin/state     test controls (fail or time out the next calls, revoke)
//   POST /_standin/sellers                          a new seller with three waiting sales (one per e2e test)
import { createHash, generateKeyPairSync, randomBytes, randomUUID, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type StandInOrder, type StandInSeller, seedSellers, waitingSales } from './seed';

export const FULFILMENT_SCOPE = 'https://api.ebay.com/oauth/api_scope/sell.fulfillment';
export const IDENTITY_SCOPE = 'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly';

export interface EbayStandInOptions {
  clientId: string;
  clientSecret: string;
  /** The RuName the portal sends as redirect_uri. */
  ruName: string;
  /** Where the RuName sends the browser back (the portal's `/user/ebay/accounts/accepted`). */
  acceptUrl: string;
  /**
   * The same page under the portal's other names (development: localhost and 127.0.0.1 are two
   * origins with two sessions). The consent page sends the browser back to the one whose origin
   * it was opened from (the Referer), so the seller keeps the session; otherwise to `acceptUrl`.
   */
  acceptUrlAliases?: string[];
  port?: number;
  host?: string;
  /** eBay's authorization codes live 299 s. */
  codeTtlSeconds?: number;
  /** User access tokens live 7200 s. */
  accessTokenTtlSeconds?: number;
  sellers?: StandInSeller[];
}

export interface StandInControls {
  /** The next N createShippingFulfillment calls answer 500. */
  failFulfilments: number;
  /** The next N createShippingFulfillment calls never answer. */
  timeoutFulfilments: number;
  /** The next N getOrders calls answer 500. */
  failOrders: number;
  /** The next N getOrders calls never answer. */
  timeoutOrders: number;
}

interface Grant {
  username: string;
  scopes: string[];
  revoked: boolean;
}

export interface StandInFulfilment {
  fulfillmentId: string;
  orderId: string;
  username: string;
  lineItems: { lineItemId: string; quantity: number }[];
  shippedDate: string;
  shippingCarrierCode: string;
  trackingNumber: string;
}

export interface EbayStandIn {
  url: string;
  controls: StandInControls;
  sellers: readonly StandInSeller[];
  fulfilments: readonly StandInFulfilment[];
  /** Token calls by grant type (the tests count refreshes). */
  tokenCalls: Record<string, number>;
  /** Every access and refresh token of the seller stops working (the seller withdrew consent). */
  revoke(username: string): void;
  /** Every access token issued so far expires now (their refresh tokens keep working). */
  expireAccessTokens(): void;
  /** Every authorization code issued so far expires now (a seller who took too long). */
  expireCodes(): void;
  /** The offsets getOrders was asked for, in order. */
  orderPages: readonly number[];
  /** A new seller with three sales awaiting shipment (as demo-seller's); each test its own. */
  addSeller(username: string): StandInSeller;
  setAcceptUrl(url: string): void;
  /** The immutable user id eBay gives the seller (getUser, deletion notices). */
  userIdOf(username: string): string;
  /**
   * A marketplace account deletion notice for `username`, as eBay posts it: the JSON body and its
   * `x-ebay-signature` header (ECDSA over the body with SHA-1, the key getPublicKey serves).
   */
  deletionNotice(username: string): { body: string; signature: string };
  /** The `x-ebay-signature` header of any body, signed with the stand-in's key (tests of bad notices). */
  signNotification(body: string): string;
  close(): Promise<void>;
}

const originOf = (referer: string | undefined) => {
  try {
    return referer ? new URL(referer).origin : '';
  } catch {
    return '';
  }
};

/**
 * The accept URL under the loopback's other name: a developer opens the portal on localhost or on
 * 127.0.0.1 (two origins, two sessions), and the stand-in sends the browser back to the one it
 * came from. eBay itself has one accept URL per RuName (EBAY_ACCEPT_URL).
 */
export function loopbackAliases(acceptUrl: string): string[] {
  const url = new URL(acceptUrl);
  const other = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' }[url.hostname];
  if (!other) return [];
  url.hostname = other;
  return [url.toString()];
}

/** eBay's immutable user ids look like `ma8vp1jySJC`; the stand-in derives one from the username. */
const userIdOf = (username: string) => createHash('sha256').update(username).digest('base64url').slice(0, 11);

const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** eBay's REST error shape. */
function ebayError(response: ServerResponse, status: number, errorId: number, message: string, category = 'REQUEST') {
  send(response, status, { errors: [{ errorId, domain: 'API_FULFILLMENT', category, message }] });
}

/** The identity service's OAuth error shape. */
function oauthError(response: ServerResponse, status: number, error: string, description: string) {
  send(response, status, { error, error_description: description });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 1024 * 1024) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function consentPage(query: URLSearchParams, sellers: readonly StandInSeller[], returnOrigin: string): string {
  const hidden = ['client_id', 'redirect_uri', 'scope', 'state']
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`)
    .concat(`<input type="hidden" name="return_origin" value="${escapeHtml(returnOrigin)}">`)
    .join('');
  const options = sellers
    .map((seller) => `<option value="${escapeHtml(seller.username)}">${escapeHtml(seller.username)}</option>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>eBay stand-in: grant access</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto">
<main><h1>eBay stand-in</h1>
<p>The postal portal asks to view and manage your order fulfilments (${escapeHtml(query.get('scope') ?? '')}).</p>
<form method="post" action="/oauth2/authorize">${hidden}
<p><label for="username">Signed in on eBay as</label> <select id="username" name="username">${options}</select></p>
<p><button type="submit" name="action" value="agree">Agree</button>
<button type="submit" name="action" value="decline">No thanks</button></p>
</form></main></body></html>`;
}

export async function startEbayStandIn(options: EbayStandInOptions): Promise<EbayStandIn> {
  const sellers = options.sellers ?? seedSellers();
  // The key pair eBay's notifications are signed with; getPublicKey serves the public half by its id.
  const signing = { id: randomUUID(), ...generateKeyPairSync('ec', { namedCurve: 'prime256v1' }) };
  /** The first group of a new seller's eBay order ids (demo-seller's are 12-…). */
  let nextSeries = 13;
  const controls: StandInControls = { failFulfilments: 0, timeoutFulfilments: 0, failOrders: 0, timeoutOrders: 0 };
  const codes = new Map<string, { grant: Grant; expiresAt: number }>();
  const accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();
  const refreshTokens = new Map<string, Grant>();
  const fulfilments: StandInFulfilment[] = [];
  const tokenCalls: Record<string, number> = {};
  const orderPages: number[] = [];
  const hanging = new Set<ServerResponse>();
  let acceptUrl = options.acceptUrl;
  const codeTtl = (options.codeTtlSeconds ?? 299) * 1000;
  const accessTtl = options.accessTokenTtlSeconds ?? 7200;

  const sellerOf = (username: string) => sellers.find((seller) => seller.username === username);

  /** The registered accept URL on the origin the seller came from, or the registered one. */
  function acceptUrlFor(origin: string): string {
    const aliases = options.acceptUrlAliases ?? [];
    return aliases.find((alias) => new URL(alias).origin === origin) ?? acceptUrl;
  }

  /** The client's Basic credentials (the portal's client id and secret). */
  function clientAuthenticated(request: IncomingMessage): boolean {
    const header = request.headers.authorization ?? '';
    const expected = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    return header === `Basic ${expected}`;
  }

  function userOf(request: IncomingMessage): Grant | null {
    const header = request.headers.authorization ?? '';
    const access = accessTokens.get(header.replace(/^Bearer /, ''));
    if (!access || access.grant.revoked || access.expiresAt < Date.now()) return null;
    return access.grant;
  }

  function issueAccess(grant: Grant) {
    const accessToken = token('v^1.1#i^1#p^3#r^1#standin#');
    accessTokens.set(accessToken, { grant, expiresAt: Date.now() + accessTtl * 1000 });
    return accessToken;
  }

  async function authorize(request: IncomingMessage, response: ServerResponse, query: URLSearchParams) {
    if (request.method === 'GET') {
      if (query.get('client_id') !== options.clientId || query.get('redirect_uri') !== options.ruName) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('invalid client_id or redirect_uri');
        return;
      }
      if (query.get('response_type') !== 'code') {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('unsupported response_type');
        return;
      }
      const page = consentPage(query, sellers, originOf(request.headers.referer));
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    const form = new URLSearchParams(await readBody(request));
    const target = new URL(acceptUrlFor(form.get('return_origin') ?? ''));
    const state = form.get('state');
    if (state) target.searchParams.set('state', state);
    const seller = sellerOf(form.get('username') ?? '');
    if (form.get('action') !== 'agree' || !seller || form.get('client_id') !== options.clientId) {
      target.searchParams.set('error', 'access_denied');
    } else {
      const code = token('v^1.1#i^1#f^0#r^1#I^3#standin-code#');
      const scopes = (form.get('scope') ?? '').split(' ').filter(Boolean);
      codes.set(code, {
        grant: { username: seller.username, scopes, revoked: false },
        expiresAt: Date.now() + codeTtl,
      });
      target.searchParams.set('code', code);
      target.searchParams.set('expires_in', String(Math.round(codeTtl / 1000)));
    }
    response.writeHead(302, { location: target.toString(), 'cache-control': 'no-store' }).end();
  }

  async function tokenEndpoint(request: IncomingMessage, response: ServerResponse) {
    if (request.method !== 'POST') return oauthError(response, 405, 'invalid_request', 'POST only');
    const form = new URLSearchParams(await readBody(request));
    const grantType = form.get('grant_type') ?? '';
    tokenCalls[grantType] = (tokenCalls[grantType] ?? 0) + 1;
    if (!clientAuthenticated(request))
      return oauthError(response, 401, 'invalid_client', 'client authentication failed');
    if (grantType === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (form.get('redirect_uri') !== options.ruName) {
        return oauthError(response, 400, 'invalid_grant', 'the provided authorization grant is invalid (redirect_uri)');
      }
      if (!code || code.expiresAt < Date.now() || code.grant.revoked) {
        return oauthError(
          response,
          400,
          'invalid_grant',
          'the provided authorization grant code is invalid or was issued to another client',
        );
      }
      const refreshToken = token('v^1.1#i^1#r^1#standin-refresh#');
      refreshTokens.set(refreshToken, code.grant);
      return send(response, 200, {
        access_token: issueAccess(code.grant),
        expires_in: accessTtl,
        refresh_token: refreshToken,
        refresh_token_expires_in: 47_304_000,
        token_type: 'User Access Token',
      });
    }
    if (grantType === 'refresh_token') {
      const grant = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!grant || grant.revoked) {
        return oauthError(
          response,
          400,
          'invalid_grant',
          'the provided authorization refresh token is invalid or was issued to another client',
        );
      }
      return send(response, 200, {
        access_token: issueAccess(grant),
        expires_in: accessTtl,
        token_type: 'User Access Token',
      });
    }
    if (grantType === 'client_credentials') {
      return send(response, 200, {
        access_token: issueAccess({ username: '', scopes: ['https://api.ebay.com/oauth/api_scope'], revoked: false }),
        expires_in: accessTtl,
        token_type: 'Application Access Token',
      });
    }
    return oauthError(response, 400, 'unsupported_grant_type', 'grant type not supported');
  }

  /** Holds the response open (a timeout); closing the stand-in ends it. */
  function hang(response: ServerResponse) {
    hanging.add(response);
    response.on('close', () => hanging.delete(response));
  }

  function ordersOf(grant: Grant): StandInOrder[] {
    return sellerOf(grant.username)?.orders ?? [];
  }

  async function fulfilment(request: IncomingMessage, response: ServerResponse, path: string, query: URLSearchParams) {
    const grant = userOf(request);
    if (!grant) return ebayError(response, 401, 1001, 'Invalid access token', 'REQUEST');
    if (!grant.scopes.includes(FULFILMENT_SCOPE)) return ebayError(response, 403, 1100, 'Insufficient permissions');

    if (path === '/sell/fulfillment/v1/order' && request.method === 'GET') {
      if (controls.timeoutOrders > 0) {
        controls.timeoutOrders -= 1;
        return hang(response);
      }
      if (controls.failOrders > 0) {
        controls.failOrders -= 1;
        return ebayError(
          response,
          500,
          32000,
          'There was a problem with an eBay internal system or process.',
          'APPLICATION',
        );
      }
      const limit = Number(query.get('limit') ?? 50);
      const offset = Number(query.get('offset') ?? 0);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) return ebayError(response, 400, 30850, 'Invalid limit');
      if (!Number.isInteger(offset) || offset < 0) return ebayError(response, 400, 30840, 'Invalid offset');
      orderPages.push(offset);
      const filter = /^orderfulfillmentstatus:\{([A-Z_|]+)\}$/.exec(query.get('filter') ?? '');
      const statuses = filter?.[1]?.split('|') ?? null;
      const all = ordersOf(grant).filter((order) => !statuses || statuses.includes(order.orderFulfillmentStatus));
      const page = all.slice(offset, offset + limit);
      const href = (at: number) => `/sell/fulfillment/v1/order?limit=${limit}&offset=${at}`;
      return send(response, 200, {
        href: href(offset),
        total: all.length,
        limit,
        offset,
        ...(offset + limit < all.length ? { next: href(offset + limit) } : {}),
        ...(offset > 0 ? { prev: href(Math.max(0, offset - limit)) } : {}),
        orders: page,
      });
    }

    const match = /^\/sell\/fulfillment\/v1\/order\/([\w-]+)(\/shipping_fulfillment)?$/.exec(path);
    const order = match ? ordersOf(grant).find((candidate) => candidate.orderId === match[1]) : undefined;
    if (!match || !order) return ebayError(response, 404, 32100, 'Order not found.');
    if (!match[2] && request.method === 'GET') return send(response, 200, order);
    if (match[2] && request.method === 'GET') {
      const list = fulfilments.filter((item) => item.orderId === order.orderId);
      return send(response, 200, { total: list.length, fulfillments: list });
    }
    if (!match[2] || request.method !== 'POST') return ebayError(response, 405, 2003, 'Method not allowed');

    if (controls.timeoutFulfilments > 0) {
      controls.timeoutFulfilments -= 1;
      return hang(response);
    }
    if (controls.failFulfilments > 0) {
      controls.failFulfilments -= 1;
      return ebayError(
        response,
        500,
        32000,
        'There was a problem with an eBay internal system or process.',
        'APPLICATION',
      );
    }
    let body: Partial<StandInFulfilment>;
    try {
      body = JSON.parse(await readBody(request)) as Partial<StandInFulfilment>;
    } catch {
      return ebayError(response, 400, 32400, 'Malformed request body.');
    }
    const lines = Array.isArray(body.lineItems) ? body.lineItems : [];
    if (!body.trackingNumber || !body.shippingCarrierCode || lines.length === 0) {
      return ebayError(response, 400, 32400, 'lineItems, shippingCarrierCode and trackingNumber are required.');
    }
    for (const line of lines) {
      const item = order.lineItems.find((candidate) => candidate.lineItemId === line.lineItemId);
      if (!item) return ebayError(response, 400, 32500, `Line item ${line.lineItemId} is not in the order.`);
      if (item.lineItemFulfillmentStatus === 'FULFILLED') {
        return ebayError(response, 400, 32600, `Line item ${line.lineItemId} is already fulfilled.`);
      }
    }
    for (const line of lines) {
      const item = order.lineItems.find((candidate) => candidate.lineItemId === line.lineItemId);
      if (item) item.lineItemFulfillmentStatus = 'FULFILLED';
    }
    order.orderFulfillmentStatus = order.lineItems.every((item) => item.lineItemFulfillmentStatus === 'FULFILLED')
      ? 'FULFILLED'
      : 'IN_PROGRESS';
    const fulfillmentId = body.trackingNumber;
    fulfilments.push({
      fulfillmentId,
      orderId: order.orderId,
      username: grant.username,
      lineItems: lines.map((line) => ({ lineItemId: String(line.lineItemId), quantity: Number(line.quantity) })),
      shippedDate: body.shippedDate ?? new Date().toISOString(),
      shippingCarrierCode: body.shippingCarrierCode,
      trackingNumber: body.trackingNumber,
    });
    response.writeHead(201, {
      location: `${base}/sell/fulfillment/v1/order/${order.orderId}/shipping_fulfillment/${fulfillmentId}`,
    });
    response.end();
  }

  async function control(request: IncomingMessage, response: ServerResponse, path: string) {
    if (path === '/_standin/state') return send(response, 200, { controls, fulfilments, tokenCalls });
    const body = JSON.parse((await readBody(request)) || '{}') as Partial<StandInControls> & {
      revoke?: string;
      expireAccessTokens?: boolean;
    };
    for (const key of Object.keys(controls) as (keyof StandInControls)[]) {
      const value = body[key];
      if (typeof value === 'number' && Number.isInteger(value) && value >= 0) controls[key] = value;
    }
    if (body.revoke) revoke(body.revoke);
    if (body.expireAccessTokens) expireAccessTokens();
    return send(response, 200, { controls });
  }

  /** The Identity API's getUser and the Notification API's getPublicKey. */
  async function commerce(request: IncomingMessage, response: ServerResponse, path: string) {
    const grant = userOf(request);
    if (!grant) return ebayError(response, 401, 1001, 'Invalid access token', 'REQUEST');
    if (request.method !== 'GET') return ebayError(response, 405, 2003, 'Method not allowed');
    if (path === '/commerce/identity/v1/user/') {
      if (!grant.username || !grant.scopes.includes(IDENTITY_SCOPE)) {
        return ebayError(response, 403, 1100, 'Insufficient permissions');
      }
      return send(response, 200, {
        userId: userIdOf(grant.username),
        username: grant.username,
        accountType: 'INDIVIDUAL',
        registrationMarketplaceId: 'EBAY_US',
      });
    }
    const key = /^\/commerce\/notification\/v1\/public_key\/([\w-]+)$/.exec(path);
    if (!key) return ebayError(response, 404, 2002, 'Resource not found');
    // getPublicKey takes an application token (client credentials grant).
    if (grant.username) return ebayError(response, 403, 1100, 'Insufficient permissions');
    if (key[1] !== signing.id) return ebayError(response, 404, 195001, 'The public key was not found.');
    // eBay sends the PEM on one line.
    const pem = signing.publicKey.export({ type: 'spki', format: 'pem' }).toString().replace(/\n/g, '');
    return send(response, 200, { algorithm: 'ECDSA', digest: 'SHA1', key: pem });
  }

  function deletionNotice(username: string) {
    const now = new Date().toISOString();
    const body = JSON.stringify({
      metadata: { topic: 'MARKETPLACE_ACCOUNT_DELETION', schemaVersion: '1.0', deprecated: false },
      notification: {
        notificationId: randomUUID(),
        eventDate: now,
        publishDate: now,
        publishAttemptCount: 1,
        data: { username, userId: userIdOf(username), eiasToken: randomBytes(24).toString('base64') },
      },
    });
    return { body, signature: signNotification(body) };
  }

  function signNotification(body: string): string {
    const signature = sign('sha1', Buffer.from(body), signing.privateKey).toString('base64');
    const header = { alg: 'ECDSA', kid: signing.id, signature, digest: 'SHA1' };
    return Buffer.from(JSON.stringify(header)).toString('base64');
  }

  /** `POST /_standin/account-deletion {username, endpoint}`: eBay telling the endpoint; answers its status. */
  async function sendDeletionNotice(request: IncomingMessage, response: ServerResponse) {
    const { username, endpoint } = JSON.parse((await readBody(request)) || '{}') as Record<string, unknown>;
    if (typeof username !== 'string' || typeof endpoint !== 'string' || !/^https?:\/\//.test(endpoint)) {
      return ebayError(response, 400, 32400, 'username and endpoint (an http URL) are required.');
    }
    const notice = deletionNotice(username);
    const answer = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ebay-signature': notice.signature },
      body: notice.body,
      signal: AbortSignal.timeout(10_000),
    });
    return send(response, 200, { status: answer.status });
  }

  /** `POST /_standin/sellers {username}`: 201 and the new seller's sales; 409 when the name is taken. */
  async function newSeller(request: IncomingMessage, response: ServerResponse) {
    if (request.method !== 'POST') return ebayError(response, 405, 2003, 'Method not allowed');
    const { username } = JSON.parse((await readBody(request)) || '{}') as { username?: unknown };
    if (typeof username !== 'string' || !/^[\w.-]{1,64}$/.test(username)) {
      return ebayError(response, 400, 32400, 'username: 1 to 64 letters, digits, dots, dashes or underscores.');
    }
    if (sellerOf(username)) return ebayError(response, 409, 32700, `Seller ${username} exists already.`);
    return send(response, 201, addSeller(username));
  }

  function addSeller(username: string): StandInSeller {
    const seller = { username, orders: waitingSales(nextSeries) };
    nextSeries += 1;
    sellers.push(seller);
    return seller;
  }

  function revoke(username: string) {
    for (const grant of refreshTokens.values()) if (grant.username === username) grant.revoked = true;
    for (const access of accessTokens.values()) if (access.grant.username === username) access.grant.revoked = true;
  }

  function expireAccessTokens() {
    for (const access of accessTokens.values()) access.expiresAt = 0;
  }

  let base = '';
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://standin');
    const path = url.pathname;
    const handled =
      path === '/oauth2/authorize'
        ? authorize(request, response, url.searchParams)
        : path === '/identity/v1/oauth2/token'
          ? tokenEndpoint(request, response)
          : path.startsWith('/sell/fulfillment/v1/')
            ? fulfilment(request, response, path, url.searchParams)
            : path.startsWith('/commerce/')
              ? commerce(request, response, path)
              : path === '/_standin/sellers'
                ? newSeller(request, response)
                : path === '/_standin/account-deletion'
                  ? sendDeletionNotice(request, response)
                  : path.startsWith('/_standin/')
                    ? control(request, response, path)
                    : Promise.resolve(ebayError(response, 404, 2002, 'Resource not found'));
    handled.catch(() => {
      if (!response.headersSent) ebayError(response, 400, 32400, 'Malformed request.');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  base = `http://${options.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    controls,
    sellers,
    fulfilments,
    tokenCalls,
    orderPages,
    revoke,
    expireAccessTokens,
    addSeller,
    userIdOf,
    deletionNotice,
    signNotification,
    expireCodes() {
      for (const code of codes.values()) code.expiresAt = 0;
    },
    setAcceptUrl(url: string) {
      acceptUrl = url;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.close(() => resolve());
      }),
  };
}
