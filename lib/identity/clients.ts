import crypto from 'node:crypto';
import type { SecretBox } from '@/lib/server/secret-box';
import type { IdentityDb } from './store';

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

/**
 * Registered OIDC clients as oidc-provider metadata. The provider needs the secret itself (to compare
 * client_secret_basic/post in constant time and to verify HS256 client assertions), so it is not hashed but sealed
 * at rest with the server's encryption key, and opened only when the provider looks the client up.
 */
export class Clients {
  constructor(
    private readonly db: IdentityDb,
    private readonly box: SecretBox,
  ) {
    this.resealAll();
  }

  /** Seals secrets stored in clear by an older version, and reseals those sealed with a key no longer first. */
  private resealAll(): void {
    const rows = this.db.prepare('SELECT client_id, metadata FROM oidc_clients').all() as { client_id: string; metadata: string }[];
    const update = this.db.prepare('UPDATE oidc_clients SET metadata = ? WHERE client_id = ?');
    this.db.transaction(() => {
      for (const row of rows) {
        const metadata = JSON.parse(row.metadata) as Record<string, unknown>;
        if (typeof metadata.client_secret !== 'string' || this.box.isCurrent(metadata.client_secret)) continue;
        update.run(JSON.stringify({ ...metadata, client_secret: this.box.reseal(metadata.client_secret) }), row.client_id);
      }
    })();
  }

  /** The provider's view of a client: its metadata with the secret in clear. */
  find(clientId: string): Record<string, unknown> | undefined {
    const row = this.db.prepare('SELECT metadata FROM oidc_clients WHERE client_id = ?').get(clientId) as { metadata: string } | undefined;
    if (!row) return undefined;
    const metadata = JSON.parse(row.metadata) as Record<string, unknown>;
    return typeof metadata.client_secret === 'string' ? { ...metadata, client_secret: this.box.open(metadata.client_secret) } : metadata;
  }

  create(input: NewClient): CreatedClient {
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
    this.db
      .prepare('INSERT INTO oidc_clients (client_id, metadata, about, created_at) VALUES (?, ?, ?, ?)')
      .run(clientId, JSON.stringify(clientSecret ? { ...metadata, client_secret: this.box.seal(clientSecret) } : metadata), input.about ?? null, Date.now());
    return { clientId, clientSecret, metadata };
  }

  list(): { clientId: string; about: string | null; metadata: Record<string, unknown> }[] {
    return (this.db.prepare('SELECT client_id, metadata, about FROM oidc_clients ORDER BY created_at').all() as {
      client_id: string;
      metadata: string;
      about: string | null;
    }[]).map((row) => {
      const { client_secret: _secret, ...metadata } = JSON.parse(row.metadata) as Record<string, unknown>;
      return { clientId: row.client_id, about: row.about, metadata };
    });
  }

  remove(clientId: string): boolean {
    return this.db.prepare('DELETE FROM oidc_clients WHERE client_id = ?').run(clientId).changes > 0;
  }
}
