import type pg from 'pg';
import type { SecretBox } from '@/lib/core/secret-box';
import { isPublished, publicJwk, type StoredKey } from '../../keys';
import type { IdentityDb } from '../../store';
import { DirectoryCopyError } from '../../directory/postgres/copy-from-sqlite';

/**
 * Copies the OIDC clients of the identity SQLite file (their secrets stay sealed as they are: the same
 * SECRETS_ENCRYPTION_KEYS opens them) and the signing keys still published (their private part sealed on the way)
 * into an empty PostgreSQL provider store, inside the caller's transaction. Client ids and key ids are kept, so
 * relying parties and tokens already issued go on working.
 */
export async function copyProviderState(client: pg.ClientBase, source: IdentityDb, keys: StoredKey[], box: SecretBox): Promise<Record<string, number>> {
  const { rowCount } = await client.query('SELECT 1 FROM oidc_clients UNION ALL SELECT 1 FROM identity_signing_keys LIMIT 1');
  if (rowCount) throw new DirectoryCopyError('the PostgreSQL provider store already has OIDC clients or signing keys: copy into a new database');
  const clients = source.prepare('SELECT client_id, metadata, about, created_at FROM oidc_clients').all() as { client_id: string; metadata: string; about: string | null; created_at: number }[];
  for (const c of clients) {
    await client.query('INSERT INTO oidc_clients (client_id, metadata, about, created_at) VALUES ($1, $2::jsonb, $3, $4)', [c.client_id, c.metadata, c.about, c.created_at]);
  }
  const published = keys.filter((k) => isPublished(k));
  for (const k of published) {
    await client.query('INSERT INTO identity_signing_keys (kid, public_jwk, sealed_private_jwk, created_at, retired_at) VALUES ($1, $2::jsonb, $3, $4, $5)', [
      k.jwk.kid,
      JSON.stringify(publicJwk(k.jwk)),
      box.seal(JSON.stringify(k.jwk)),
      k.createdAt,
      k.retiredAt ?? null,
    ]);
  }
  return { oidc_clients: clients.length, identity_signing_keys: published.length };
}
