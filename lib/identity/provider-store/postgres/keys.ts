import type { PgCluster } from '@/lib/db/postgres/cluster';
import type { SecretBox } from '@/lib/core/secret-box';
import { generateKey, type PrivateJwk, publicJwk, type PublicJwk, RETIRED_KEY_GRACE_SECONDS } from '../../keys';
import type { SigningKeys } from '../types';

// One number for the advisory lock that orders key generation and rotation between instances.
const KEYS_LOCK = 0x6b657973; // "keys"

const now = () => Math.floor(Date.now() / 1000);

/**
 * The signing keys in `identity_signing_keys` (migration 0009), shared by every instance: the public JWK in clear,
 * the private one sealed with SECRETS_ENCRYPTION_KEYS (the row never holds `d` in clear). Generating the first key
 * and rotating both run in a transaction under one advisory lock, so two instances starting together generate one
 * key, and a rotation never interleaves with another.
 */
export function postgresSigningKeys(cluster: Pick<PgCluster, 'transaction' | 'primary'>, box: SecretBox): SigningKeys {
  const publishedSince = () => now() - RETIRED_KEY_GRACE_SECONDS;
  return {
    async load() {
      return cluster.transaction(async (db) => {
        await db.query('SELECT pg_advisory_xact_lock($1)', [KEYS_LOCK]);
        await db.query('DELETE FROM identity_signing_keys WHERE retired_at IS NOT NULL AND retired_at <= $1', [publishedSince()]);
        const { rows } = await db.query<{ kid: string; sealed_private_jwk: string }>(
          'SELECT kid, sealed_private_jwk FROM identity_signing_keys ORDER BY retired_at DESC NULLS FIRST, created_at DESC',
        );
        // Keys sealed with an encryption key no longer first are resealed, so the old one can be removed.
        for (const r of rows) {
          if (!box.isCurrent(r.sealed_private_jwk)) await db.query('UPDATE identity_signing_keys SET sealed_private_jwk = $2 WHERE kid = $1', [r.kid, box.reseal(r.sealed_private_jwk)]);
        }
        if (rows.length) return { keys: rows.map((r) => JSON.parse(box.open(r.sealed_private_jwk)) as PrivateJwk) };
        const fresh = generateKey();
        await db.query('INSERT INTO identity_signing_keys (kid, public_jwk, sealed_private_jwk, created_at) VALUES ($1, $2::jsonb, $3, $4)', [
          fresh.jwk.kid,
          JSON.stringify(publicJwk(fresh.jwk)),
          box.seal(JSON.stringify(fresh.jwk)),
          fresh.createdAt,
        ]);
        return { keys: [fresh.jwk] };
      });
    },
    async published() {
      const { rows } = await cluster.primary.query<{ public_jwk: PublicJwk }>(
        `SELECT public_jwk FROM identity_signing_keys WHERE retired_at IS NULL OR retired_at > $1
          ORDER BY retired_at DESC NULLS FIRST, created_at DESC`,
        [publishedSince()],
      );
      return rows.map((r) => r.public_jwk);
    },
    async active() {
      const { rows } = await cluster.primary.query<{ kid: string; created_at: string }>(
        'SELECT kid, created_at FROM identity_signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC LIMIT 1',
      );
      return rows[0] && { kid: rows[0].kid, createdAt: Number(rows[0].created_at) };
    },
    async rotate() {
      const fresh = generateKey();
      return cluster.transaction(async (db) => {
        await db.query('SELECT pg_advisory_xact_lock($1)', [KEYS_LOCK]);
        const t = now();
        await db.query('DELETE FROM identity_signing_keys WHERE retired_at IS NOT NULL AND retired_at <= $1', [t - RETIRED_KEY_GRACE_SECONDS]);
        await db.query('UPDATE identity_signing_keys SET retired_at = $1 WHERE retired_at IS NULL', [t]);
        await db.query('INSERT INTO identity_signing_keys (kid, public_jwk, sealed_private_jwk, created_at) VALUES ($1, $2::jsonb, $3, $4)', [
          fresh.jwk.kid,
          JSON.stringify(publicJwk(fresh.jwk)),
          box.seal(JSON.stringify(fresh.jwk)),
          fresh.createdAt,
        ]);
        const { rows } = await db.query<{ kid: string }>('SELECT kid FROM identity_signing_keys WHERE kid <> $1 ORDER BY retired_at DESC, created_at DESC', [fresh.jwk.kid]);
        return { kid: fresh.jwk.kid, retired: rows.map((r) => r.kid) };
      });
    },
  };
}
