import Provider, { type ClientInstance, type KoaContext } from 'oidc-provider';
import { accountClaims, type Accounts } from './directory/types';
import { oidcAdapter } from './adapter';
import type { Clients } from './clients';
import { frontchannelLogoutUriProblem } from './frontchannel-uri';
import { nonceOf } from '@/lib/server/security-headers';
import { escapeHtml, page } from './html';
import { isOwnClientsSignOut } from './logout-trust';
import { RESPONSE_TYPES, ROUTES, SCOPES, TTL } from './constants';
import type { ProviderModels } from './provider-store/types';

export interface ProviderOptions {
  issuer: string;
  /** Where oidc-provider's models live (provider-store: SQLite or PostgreSQL). */
  models: ProviderModels;
  clients: Clients;
  accounts: Accounts;
  jwks: { keys: Record<string, unknown>[] };
  cookieKeys: string[];
  /**
   * Demo or development only: http/localhost redirect URIs for implicit clients, back-channel logout to loopback,
   * http front-channel logout URIs on loopback.
   */
  relaxed: boolean;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function renderError(ctx: KoaContext, out: Record<string, string>) {
  ctx.type = 'html';
  const rows = Object.entries(out)
    .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: <code>${escapeHtml(value)}</code></p>`)
    .join('');
  ctx.body = page('Something went wrong', `<h1>Something went wrong</h1>${rows}<div class="actions"><a class="button secondary" href="/">Back to Trip Explorer</a></div>`);
}

function logoutSource(ctx: KoaContext, form: string) {
  const client = ctx.oidc?.client;
  if (isOwnClientsSignOut(ctx)) {
    // Our own app sent the person here with their ID token: they already chose to sign out, so do not ask again.
    ctx.body = page(
      'Signing out',
      `<h1>Signing you out…</h1>${form}<input type="hidden" form="op.logoutForm" name="logout" value="yes">
<noscript><div class="actions"><button class="primary" type="submit" form="op.logoutForm">Continue</button></div></noscript>`,
      `<script nonce="${escapeHtml(nonceOf(ctx.req) ?? '')}">addEventListener('DOMContentLoaded',function(){document.getElementById('op.logoutForm').submit()})</script>`,
    );
    return;
  }
  const from = client ? ` from ${escapeHtml(client.clientName ?? client.clientId)}` : '';
  ctx.body = page(
    'Sign out',
    `<h1>Sign out${from}?</h1><p>You will be signed out of Trip Explorer's identity server and of the applications that use it.</p>
${form}<div class="actions"><button class="primary" autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
<button class="secondary" type="submit" form="op.logoutForm">No, stay signed in</button></div>`,
  );
}

function postLogoutSuccessSource(ctx: KoaContext) {
  ctx.body = page('Signed out', `<h1>You are signed out</h1><p>You can close this window.</p><div class="actions"><a class="button primary" href="/">Back to Trip Explorer</a></div>`);
}

function clientBasedCORS(ctx: KoaContext, origin: string, client: ClientInstance) {
  if (origin === 'null') return false;
  if (ctx.oidc?.route === 'userinfo' || client.clientAuthMethod === 'none') {
    return client.redirectUris.some((uri) => URL.parse(uri)?.origin === origin);
  }
  return false;
}

/** oidc-provider's account lookup: the directory's account and its claims. */
function accountFinder(accounts: Accounts) {
  return async function findAccount(_ctx: KoaContext, sub: string) {
    const user = await accounts.findById(sub);
    if (!user) return undefined;
    return { accountId: user.id, claims: () => accountClaims(accounts, user) };
  };
}

/** The claims each scope gives. Built for each provider, as oidc-provider may keep and change what it is given. */
const claimsByScope = () => ({
  // amr: how the person signed in (RFC 8176: pwd, otp, mfa), set by the login and second-factor steps.
  openid: ['sub', 'amr'],
  email: ['email', 'email_verified'],
  profile: ['family_name', 'given_name', 'name'],
  cosmos: ['user'],
});

/** The client metadata this product adds: front-channel logout (checked as the CLI does) and first-party. */
function extraClientMetadata(relaxed: boolean) {
  return {
    properties: ['frontchannel_logout_uri', 'frontchannel_logout_session_required', 'first_party'],
    validator(_ctx: KoaContext, key: string, value: unknown, metadata: { redirect_uris?: unknown; invalidate(message: string): void }) {
      if (value === undefined) return;
      if (key === 'frontchannel_logout_uri') {
        const problem = frontchannelLogoutUriProblem(value, metadata.redirect_uris, relaxed);
        if (problem) metadata.invalidate(problem);
      } else if (typeof value !== 'boolean') {
        metadata.invalidate(`${key} must be a boolean`);
      }
    },
  };
}

const features = () => ({
  devInteractions: { enabled: false },
  clientCredentials: { enabled: true },
  introspection: { enabled: true },
  revocation: { enabled: true },
  userinfo: { enabled: true },
  backchannelLogout: { enabled: true },
  rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
  // Not advertised by the spec, and each is another way for an authorization request to arrive.
  pushedAuthorizationRequests: { enabled: false },
  requestObjects: { enabled: false },
});

/** oidc-provider's outgoing requests (back-channel logout, a client's JWKS). */
function outgoingFetch(relaxed: boolean) {
  return async function fetch(url: URL | string, init: RequestInit & { dispatcher?: unknown }) {
    // v9 refuses outgoing requests to loopback addresses (SSRF guard); a local demo's Explorer lives there.
    if (relaxed && LOOPBACK_HOSTS.has(new URL(url).hostname)) delete init.dispatcher;
    return globalThis.fetch(url, init);
  };
}

function configuration(options: ProviderOptions) {
  const { accounts, relaxed } = options;
  return {
    adapter: oidcAdapter(options.models, options.clients),
    jwks: options.jwks,
    findAccount: accountFinder(accounts),
    claims: claimsByScope(),
    scopes: SCOPES,
    // Without this the ID token carries only `sub` whenever an access token is issued too.
    conformIdTokenClaims: false,
    responseTypes: RESPONSE_TYPES,
    subjectTypes: ['public'],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'private_key_jwt'],
    enabledJWA: {
      idTokenSigningAlgValues: ['RS256'],
      clientAuthSigningAlgValues: ['RS256', 'PS256', 'ES256', 'EdDSA'],
    },
    pkce: { required: () => false },
    routes: ROUTES,
    ttl: TTL,
    cookies: {
      keys: options.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    interactions: { url: (_ctx: KoaContext, interaction: { uid: string }) => `/identity/interaction/${interaction.uid}` },
    extraClientMetadata: extraClientMetadata(relaxed),
    features: features(),
    clientBasedCORS,
    renderError,
    fetch: outgoingFetch(relaxed),
  };
}

/** Demo or development only: implicit clients may redirect to http and to localhost. */
function allowLocalImplicitRedirects(provider: Provider) {
  const { invalidate } = provider.Client.Schema.prototype;
  provider.Client.Schema.prototype.invalidate = function relaxedInvalidate(message: string, code?: string) {
    if (code === 'implicit-force-https' || code === 'implicit-forbid-localhost') return;
    invalidate.call(this, message, code);
  };
}

/** `sid` in ID tokens also for clients that registered for front-channel logout with a session. */
function includeSidForFrontchannelLogout(provider: Provider) {
  const { includeSid } = provider.Client.prototype as unknown as { includeSid(this: ClientInstance): boolean };
  (provider.Client.prototype as unknown as { includeSid(this: ClientInstance): boolean }).includeSid = function (this: ClientInstance) {
    return includeSid.call(this) || Boolean(this.frontchannel_logout_uri && this.frontchannel_logout_session_required);
  };
}

/** The oidc-provider instance with this product's configuration; mounting and extra routes live elsewhere. */
export function createProvider(options: ProviderOptions): Provider {
  const provider = new Provider(options.issuer, configuration(options));
  if (options.relaxed) allowLocalImplicitRedirects(provider);
  includeSidForFrontchannelLogout(provider);
  return provider;
}
