import crypto from 'node:crypto';
import type { SecretBox } from '@/lib/core/secret-box';

export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';

export interface NewClient {
  clientId?: string;
  clientName: string;
  grantTypes: string[];
  responseTypes: string[];
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  authMethod: ClientAuthMethod;
  /** Public keys for private_key_jwt. */
  jwks?: { keys: Record<string, unknown>[] };
  scope?: string;
  backchannelLogoutUri?: string;
  frontchannelLogoutUri?: string;
  /** A client of this product itself: it skips the consent page. */
  firstParty?: boolean;
  about?: string;
}

export interface CreatedClient {
  clientId: string;
  /** Shown once; absent for private_key_jwt clients. */
  clientSecret?: string;
  metadata: Record<string, unknown>;
}

export const DEFAULT_CLIENT_SCOPE = 'openid email profile cosmos offline_access';

/** A client as listed: its metadata without the secret. */
export interface ListedClient {
  clientId: string;
  about: string | null;
  metadata: Record<string, unknown>;
}

/**
 * Registered OIDC clients as oidc-provider metadata, on the engine chosen at start-up (provider-store/sqlite or
 * provider-store/postgres). The provider needs the secret itself (to compare client_secret_basic/post in constant
 * time and to verify HS256 client assertions), so it is not hashed but sealed at rest with the server's encryption
 * key (lib/core/secret-box.ts), and opened only when the provider looks the client up.
 */
export interface Clients {
  /** The provider's view of a client: its metadata with the secret in clear. */
  find(clientId: string): Promise<Record<string, unknown> | undefined>;
  create(input: NewClient): Promise<CreatedClient>;
  list(): Promise<ListedClient[]>;
  remove(clientId: string): Promise<boolean>;
}

/** A new client's id, secret (none for private_key_jwt) and metadata, the secret in clear. */
export function newClient(input: NewClient): CreatedClient {
  const clientId = input.clientId ?? crypto.randomBytes(12).toString('base64url');
  const clientSecret = input.authMethod === 'private_key_jwt' ? undefined : crypto.randomBytes(32).toString('base64url');
  const metadata: Record<string, unknown> = {
    client_id: clientId,
    client_name: input.clientName,
    grant_types: input.grantTypes,
    response_types: input.responseTypes,
    redirect_uris: input.redirectUris,
    post_logout_redirect_uris: input.postLogoutRedirectUris ?? [],
    token_endpoint_auth_method: input.authMethod,
    scope: input.scope ?? DEFAULT_CLIENT_SCOPE,
    ...(clientSecret ? { client_secret: clientSecret } : {}),
    ...(input.jwks ? { jwks: input.jwks } : {}),
    ...(input.backchannelLogoutUri ? { backchannel_logout_uri: input.backchannelLogoutUri, backchannel_logout_session_required: true } : {}),
    ...(input.frontchannelLogoutUri
      ? { frontchannel_logout_uri: input.frontchannelLogoutUri, frontchannel_logout_session_required: true }
      : {}),
    ...(input.firstParty ? { first_party: true } : {}),
  };
  return { clientId, clientSecret, metadata };
}

/** The metadata as stored: the secret sealed. */
export function sealedMetadata(metadata: Record<string, unknown>, box: Pick<SecretBox, 'seal'>): Record<string, unknown> {
  return typeof metadata.client_secret === 'string' ? { ...metadata, client_secret: box.seal(metadata.client_secret) } : metadata;
}

/** The metadata as the provider reads it: the secret opened. */
export function openedMetadata(metadata: Record<string, unknown>, box: Pick<SecretBox, 'open'>): Record<string, unknown> {
  return typeof metadata.client_secret === 'string' ? { ...metadata, client_secret: box.open(metadata.client_secret) } : metadata;
}

/** The metadata as listed: without the secret. */
export function listedMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  const { client_secret: _secret, ...rest } = metadata;
  return rest;
}
