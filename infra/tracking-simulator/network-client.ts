import type { ScanEvent, ShipmentInProgress } from './journey';

/**
 * The simulator's side of the portal's API, as the operator's sorting systems would use it: an
 * access token by OAuth client credentials from the provider found through OpenID Connect
 * discovery, the pre-advice of shipments in progress, and scan events posted in one batch.
 */
export interface NetworkClientOptions {
  /** The portal's origin, e.g. http://127.0.0.1:8080. */
  portalUrl: string;
  /** The identity provider's issuer (discovery is `<issuer>/.well-known/openid-configuration`). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The scope `POST /api/tracking/events` asks for. */
  scope: string;
}

export interface IngestAnswer {
  stored: number;
  duplicates: number;
  flagged: { index: number; eventId: string; reason: string }[];
  rejected: { index: number; violations: unknown[] }[];
}

export class NetworkClient {
  private token: { value: string; expiresAt: number } | null = null;
  private tokenEndpoint: string | null = null;

  constructor(private readonly options: NetworkClientOptions) {}

  /** Paid shipments not yet delivered (all, or the one with this number). */
  async shipmentsInProgress(number?: string): Promise<ShipmentInProgress[]> {
    const query = new URLSearchParams({ limit: '500', ...(number ? { number } : {}) });
    const answer = await this.call('GET', `/api/tracking/in-progress?${query}`);
    return (answer as { 'hydra:member': ShipmentInProgress[] })['hydra:member'];
  }

  async postEvents(events: ScanEvent[]): Promise<IngestAnswer> {
    return (await this.call('POST', '/api/tracking/events', { events })) as IngestAnswer;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const send = async () =>
      fetch(new URL(path, this.options.portalUrl), {
        method,
        headers: {
          authorization: `Bearer ${await this.accessToken()}`,
          accept: 'application/ld+json, application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    let response = await send();
    if (response.status === 401) {
      // The provider's keys changed (a restart on fresh data) or the token expired early: once more.
      this.token = null;
      response = await send();
    }
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  }

  /** A cached client-credentials token, renewed a minute before it expires. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    const endpoint = await this.discoverTokenEndpoint();
    const { clientId, clientSecret, scope } = this.options;
    // client_secret_basic (RFC 6749 §2.3.1): id and secret form-encoded before Base64.
    const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64');
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope }),
    });
    const answer = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    };
    if (!response.ok || !answer.access_token) {
      throw new Error(
        `token request to ${endpoint} failed (${response.status}): ${answer.error_description ?? answer.error ?? 'no token'}`,
      );
    }
    this.token = { value: answer.access_token, expiresAt: Date.now() + (answer.expires_in ?? 300) * 1000 };
    return this.token.value;
  }

  private async discoverTokenEndpoint(): Promise<string> {
    if (this.tokenEndpoint) return this.tokenEndpoint;
    const url = `${this.options.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`OpenID Connect discovery failed at ${url}: ${response.status}`);
    const metadata = (await response.json()) as { token_endpoint?: string; grant_types_supported?: string[] };
    if (!metadata.token_endpoint) throw new Error(`discovery at ${url} names no token_endpoint`);
    if (metadata.grant_types_supported && !metadata.grant_types_supported.includes('client_credentials')) {
      throw new Error(`the provider at ${this.options.issuer} does not offer client credentials`);
    }
    this.tokenEndpoint = metadata.token_endpoint;
    return this.tokenEndpoint;
  }
}
