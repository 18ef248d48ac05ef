// The subset of oidc-provider 9 this project uses; the package ships no type declarations.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Json = Record<string, unknown>;

  export interface KoaContext {
    method: string;
    path: string;
    status: number;
    body: unknown;
    type: string;
    host: string;
    secure: boolean;
    req: IncomingMessage;
    res: ServerResponse;
    oidc?: OidcContext;
    get(field: string): string;
    set(field: string, value: string): void;
    redirect(url: string): void;
    response: { get(field: string): string };
    cookies: { get(name: string, opts?: { signed?: boolean }): string | undefined };
  }

  export interface OidcContext {
    route: string;
    params: Record<string, string | undefined>;
    client?: ClientInstance;
    session?: SessionInstance;
    entities: Record<string, unknown>;
    urlFor(name: string, query?: Record<string, string>): string;
    entity(name: string, value: unknown): void;
  }

  export interface ClientInstance {
    clientId: string;
    clientName?: string;
    clientAuthMethod: string;
    scope?: string;
    redirectUris: string[];
    postLogoutRedirectUris: string[];
    backchannelLogoutUri?: string;
    backchannelLogoutSessionRequired?: boolean;
    metadata(): Json;
    grantTypeAllowed(type: string): boolean;
    [extra: string]: unknown;
  }

  export interface SessionInstance {
    accountId?: string;
    /** The session's `sid`. */
    uid?: string;
    destroyed?: boolean;
    authorizations?: Record<string, { sid?: string; grantId?: string }>;
    sidFor(clientId: string): string | undefined;
  }

  export interface InteractionInstance {
    uid: string;
    jti: string;
    exp: number;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, string | undefined>;
    session?: { accountId?: string; uid?: string };
    grantId?: string;
    lastSubmission?: Json;
    returnTo: string;
  }

  export interface GrantInstance {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface TokenInstance {
    jti: string;
    accountId?: string;
    clientId: string;
    scope?: string;
    grantId?: string;
    isExpired: boolean;
    expiration: number;
    tokenType: string;
    save(): Promise<string>;
  }

  export interface IdTokenInstance {
    scope: string;
    set(key: string, value: unknown): void;
    issue(options: { use: 'idtoken' | 'logout' | 'userinfo' }): Promise<string>;
  }

  export interface TokenClass<T> {
    new (payload: Json): T;
    find(value: string, options?: { ignoreExpiration?: boolean }): Promise<T | undefined>;
  }

  export type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

  export class Provider {
    constructor(issuer: string, configuration: Json);
    issuer: string;
    proxy: boolean;
    maxIpsCount: number;
    Client: { find(id: string): Promise<ClientInstance | undefined>; prototype: ClientInstance; Schema: { prototype: { invalidate(message: string, code?: string): void } } };
    Grant: { new (payload: { accountId: string; clientId: string }): GrantInstance; find(id: string): Promise<GrantInstance | undefined> };
    Interaction: { find(uid: string): Promise<InteractionInstance | undefined> };
    Session: { get(ctx: KoaContext): Promise<SessionInstance> };
    AccessToken: TokenClass<TokenInstance>;
    RefreshToken: TokenClass<TokenInstance>;
    ClientCredentials: TokenClass<TokenInstance>;
    IdToken: { new (claims: Json, options: { ctx: KoaContext }): IdTokenInstance };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: Middleware): void;
    on(event: string, listener: (...args: unknown[]) => void): void;
    registerGrantType(name: string, handler: (ctx: KoaContext) => Promise<void>, params?: string[]): void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionInstance>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Json, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    interactionResult(req: IncomingMessage, res: ServerResponse, result: Json, options?: { mergeWithLastSubmission?: boolean }): Promise<string>;
  }

  interface OIDCProviderErrorClass {
    new (description?: string, detail?: string): Error & { status: number; error: string; error_description?: string };
  }
  export const errors: {
    OIDCProviderError: OIDCProviderErrorClass;
    InvalidGrant: OIDCProviderErrorClass;
    InvalidRequest: OIDCProviderErrorClass;
    InvalidScope: OIDCProviderErrorClass;
    SessionNotFound: OIDCProviderErrorClass;
  };

  export default Provider;
}
