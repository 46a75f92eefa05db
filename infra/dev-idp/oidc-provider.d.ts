// The part of oidc-provider 9 that the development identity provider uses (the package ships no types).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface GrantInstance {
    jti: string;
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface OidcSession {
    accountId?: string;
    grantIdFor(clientId: string, grantId?: string): string | undefined;
  }

  export interface KoaContextWithOIDC {
    body: unknown;
    type: string;
    get(field: string): string;
    oidc: {
      provider: Provider;
      client?: { clientId: string };
      session?: OidcSession;
      result?: { consent?: { grantId?: string } };
      entities: Record<string, unknown>;
    };
  }

  export interface TokenLike {
    kind: string;
    accountId?: string;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string };
    params: Record<string, unknown>;
    session?: { accountId?: string };
  }

  export interface Configuration {
    /** A class oidc-provider instantiates per model name (Session, Grant, AccessToken…). */
    adapter?: new (
      model: string,
    ) => unknown;
    clients: Record<string, unknown>[];
    jwks: { keys: Record<string, unknown>[] };
    cookies: { keys: string[] };
    pkce: { required: () => boolean };
    conformIdTokenClaims: boolean;
    clientBasedCORS: (ctx: KoaContextWithOIDC, origin: string, client: unknown) => boolean;
    claims: Record<string, string[]>;
    scopes: string[];
    ttl: Record<string, number>;
    interactions: { url: (ctx: KoaContextWithOIDC, interaction: { uid: string }) => string };
    features: {
      devInteractions: { enabled: boolean };
      clientCredentials: { enabled: boolean };
      resourceIndicators: {
        enabled: boolean;
        defaultResource: () => string;
        useGrantedResource: () => boolean;
        getResourceServerInfo: (
          ctx: KoaContextWithOIDC,
          resourceIndicator: string,
          client: { clientId: string },
        ) => Record<string, unknown>;
      };
      rpInitiatedLogout: { enabled: boolean; logoutSource: (ctx: KoaContextWithOIDC, form: string) => void };
    };
    loadExistingGrant: (ctx: KoaContextWithOIDC) => Promise<GrantInstance | undefined>;
    findAccount: (
      ctx: KoaContextWithOIDC,
      sub: string,
    ) => { accountId: string; claims: () => Record<string, unknown> } | undefined;
    extraTokenClaims: (ctx: KoaContextWithOIDC, token: TokenLike) => Record<string, unknown> | undefined;
    renderError: (ctx: KoaContextWithOIDC, out: Record<string, unknown>, error: unknown) => void;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    proxy: boolean;
    Client: { prototype: object };
    Grant: {
      new (init: { clientId: string; accountId: string }): GrantInstance;
      find(id: string): Promise<GrantInstance | undefined>;
    };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
