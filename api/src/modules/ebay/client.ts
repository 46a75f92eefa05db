/**
 * eBay as the portal reaches it (issue 15): OAuth 2.0 authorization code grant and the Sell
 * Fulfillment API. The HTTP implementation speaks eBay's published contract against the base URLs
 * of the configuration (EBAY_AUTH_URL for the consent page, EBAY_API_URL for the rest), so eBay's
 * sandbox, production and the local stand-in (infra/ebay-standin) are configuration, not code.
 */

/**
 * The scopes the portal asks for: reading and fulfilling the seller's orders, and who the seller is
 * (getUser: an account deletion notice names the eBay user).
 */
export const EBAY_SCOPES = [
  'https://api.ebay.com/oauth/api_scope',
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
  'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly',
] as const;

/** The application token's scope (client credentials grant): the Notification API's getPublicKey. */
const APPLICATION_SCOPE = 'https://api.ebay.com/oauth/api_scope';

/** The eBay user behind a user token (Identity API getUser). */
export interface EbayUser {
  userId: string;
  username: string;
}

/** A key eBay signs notifications with (Notification API getPublicKey). */
export interface EbayPublicKey {
  /** `ECDSA`. */
  algorithm: string;
  /** `SHA1`. */
  digest: string;
  /** PEM, as eBay sends it (possibly without line breaks). */
  key: string;
}

export interface EbayTokens {
  accessToken: string;
  /** Seconds. */
  expiresIn: number;
  /** Only the authorization code grant answers one. */
  refreshToken?: string;
}

/** An eBay amount: a decimal string and its currency. */
export interface EbayApiAmount {
  value: string;
  currency: string;
  convertedFromValue?: string;
  convertedFromCurrency?: string;
}

/** The fields of eBay's `Order` the portal reads (getOrders). */
export interface EbayApiOrder {
  orderId: string;
  creationDate?: string;
  orderFulfillmentStatus?: string;
  buyer?: { username?: string };
  pricingSummary?: { total?: EbayApiAmount };
  fulfillmentStartInstructions?: {
    shippingStep?: {
      shipTo?: {
        fullName?: string;
        contactAddress?: {
          addressLine1?: string;
          addressLine2?: string;
          city?: string;
          stateOrProvince?: string;
          postalCode?: string;
          countryCode?: string;
        };
        primaryPhone?: { phoneNumber?: string };
        email?: string;
      };
    };
  }[];
  lineItems?: { lineItemId: string; title?: string; quantity?: number; lineItemCost?: EbayApiAmount }[];
}

export interface EbayOrdersPage {
  total: number;
  orders: EbayApiOrder[];
}

export interface ShippingFulfilment {
  lineItems: { lineItemId: string; quantity: number }[];
  /** ISO 8601 in UTC. */
  shippedDate: string;
  shippingCarrierCode: string;
  trackingNumber: string;
}

/**
 * Why a call failed: `refused` (eBay refused the grant or token: link again), `rejected` (eBay
 * refused the request itself), `unavailable` (no answer in time, a network failure or eBay's 5xx).
 */
export class EbayError extends Error {
  constructor(
    readonly kind: 'refused' | 'rejected' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'EbayError';
  }
}

export interface EbayClient {
  /** Where the browser goes to grant access (eBay's consent page). */
  consentUrl(state: string): string;
  exchangeCode(code: string): Promise<EbayTokens>;
  refresh(refreshToken: string): Promise<EbayTokens>;
  /** Orders awaiting fulfilment (NOT_STARTED or IN_PROGRESS), one page. */
  getOrders(accessToken: string, page: { limit: number; offset: number }): Promise<EbayOrdersPage>;
  /** createShippingFulfillment: eBay's fulfilment id (the last segment of the Location it answers). */
  createShippingFulfilment(accessToken: string, orderId: string, fulfilment: ShippingFulfilment): Promise<string>;
  /** The seller behind a user token. */
  getUser(accessToken: string): Promise<EbayUser>;
  /** The public key `publicKeyId` of eBay's notification signatures (with an application token). */
  getPublicKey(publicKeyId: string): Promise<EbayPublicKey>;
}

export interface HttpEbayClientOptions {
  apiUrl: string;
  authUrl: string;
  /** The Identity API's host (eBay: apiz.ebay.com; the stand-in: its own). */
  identityUrl: string;
  clientId: string;
  clientSecret: string;
  /** eBay's RuName: the redirect_uri of both the consent page and the code exchange. */
  ruName: string;
  /** How long a call may take before it counts as unavailable. */
  timeoutMs: number;
}

export class HttpEbayClient implements EbayClient {
  constructor(private readonly options: HttpEbayClientOptions) {}

  consentUrl(state: string): string {
    const url = new URL('/oauth2/authorize', this.options.authUrl);
    url.searchParams.set('client_id', this.options.clientId);
    url.searchParams.set('redirect_uri', this.options.ruName);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', EBAY_SCOPES.join(' '));
    url.searchParams.set('state', state);
    return url.toString();
  }

  exchangeCode(code: string): Promise<EbayTokens> {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: this.options.ruName });
  }

  refresh(refreshToken: string): Promise<EbayTokens> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken, scope: EBAY_SCOPES.join(' ') });
  }

  async getOrders(accessToken: string, page: { limit: number; offset: number }): Promise<EbayOrdersPage> {
    const url = new URL('/sell/fulfillment/v1/order', this.options.apiUrl);
    url.searchParams.set('filter', 'orderfulfillmentstatus:{NOT_STARTED|IN_PROGRESS}');
    url.searchParams.set('limit', String(page.limit));
    url.searchParams.set('offset', String(page.offset));
    const response = await this.call(url, { headers: { authorization: `Bearer ${accessToken}` } });
    const body = (await this.json(response)) as { total?: unknown; orders?: unknown };
    if (!Array.isArray(body.orders) && body.total !== 0)
      throw new EbayError('rejected', 'getOrders answered no orders list');
    return { total: Number(body.total ?? 0), orders: (body.orders ?? []) as EbayApiOrder[] };
  }

  async createShippingFulfilment(
    accessToken: string,
    orderId: string,
    fulfilment: ShippingFulfilment,
  ): Promise<string> {
    const url = new URL(
      `/sell/fulfillment/v1/order/${encodeURIComponent(orderId)}/shipping_fulfillment`,
      this.options.apiUrl,
    );
    const response = await this.call(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(fulfilment),
    });
    if (response.status !== 201) await this.json(response);
    const location = response.headers.get('location') ?? '';
    return location.split('/').pop() || fulfilment.trackingNumber;
  }

  async getUser(accessToken: string): Promise<EbayUser> {
    const response = await this.call(new URL('/commerce/identity/v1/user/', this.options.identityUrl), {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const body = (await this.json(response)) as { userId?: unknown; username?: unknown };
    if (typeof body.userId !== 'string' || typeof body.username !== 'string') {
      throw new EbayError('rejected', 'getUser answered no userId and username');
    }
    return { userId: body.userId, username: body.username };
  }

  async getPublicKey(publicKeyId: string): Promise<EbayPublicKey> {
    const application = await this.token({ grant_type: 'client_credentials', scope: APPLICATION_SCOPE });
    const url = new URL(`/commerce/notification/v1/public_key/${encodeURIComponent(publicKeyId)}`, this.options.apiUrl);
    const response = await this.call(url, { headers: { authorization: `Bearer ${application.accessToken}` } });
    const body = (await this.json(response)) as Partial<Record<keyof EbayPublicKey, unknown>>;
    if (typeof body.key !== 'string' || typeof body.algorithm !== 'string' || typeof body.digest !== 'string') {
      throw new EbayError('rejected', 'getPublicKey answered no key');
    }
    return { algorithm: body.algorithm, digest: body.digest, key: body.key };
  }

  private async token(form: Record<string, string>): Promise<EbayTokens> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const response = await this.call(new URL('/identity/v1/oauth2/token', this.options.apiUrl), {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    const body = (await this.json(response)) as {
      access_token?: unknown;
      expires_in?: unknown;
      refresh_token?: unknown;
    };
    if (typeof body.access_token !== 'string' || typeof body.expires_in !== 'number') {
      throw new EbayError('rejected', 'the token endpoint answered no access token');
    }
    return {
      accessToken: body.access_token,
      expiresIn: body.expires_in,
      ...(typeof body.refresh_token === 'string' ? { refreshToken: body.refresh_token } : {}),
    };
  }

  /** fetch with the timeout; a network failure or timeout is `unavailable`. */
  private async call(url: URL, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.options.timeoutMs) });
    } catch (error) {
      throw new EbayError('unavailable', `eBay did not answer: ${(error as Error).message}`);
    }
  }

  /** The body of a 2xx answer; otherwise the EbayError its status and body mean. */
  private async json(response: Response): Promise<unknown> {
    let body: unknown = null;
    try {
      const text = await response.text();
      body = text ? JSON.parse(text) : {};
    } catch {
      if (response.ok) throw new EbayError('rejected', 'eBay answered something that is not JSON');
    }
    if (response.ok) return body;
    const detail = describe(body) ?? `HTTP ${response.status}`;
    if (response.status >= 500 || response.status === 429) throw new EbayError('unavailable', detail);
    const oauthError = (body as { error?: unknown } | null)?.error;
    if (response.status === 401 || oauthError === 'invalid_grant') throw new EbayError('refused', detail);
    throw new EbayError('rejected', detail);
  }
}

/** eBay's message: an OAuth `error_description`, or the first of REST `errors`. */
function describe(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const oauth = body as { error?: unknown; error_description?: unknown };
  if (typeof oauth.error === 'string') return `${oauth.error}: ${String(oauth.error_description ?? '')}`;
  const rest = (body as { errors?: { errorId?: unknown; message?: unknown }[] }).errors?.[0];
  return rest ? `${String(rest.errorId ?? '')} ${String(rest.message ?? '')}`.trim() : null;
}
