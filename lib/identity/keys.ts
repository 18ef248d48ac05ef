import crypto from 'node:crypto';
import fs from 'node:fs';
import { writeFileAtomic } from '@/lib/core/data-dir';

export const SIGNING_KEYS_FILE = 'identity-signing-keys.json';

/** A retired key stays published this long: longer than any JWT it signed lives (ID tokens: 1 hour). */
export const RETIRED_KEY_GRACE_SECONDS = 2 * 60 * 60;

export type PrivateJwk = crypto.JsonWebKey & { kid: string; alg: string; use: string };
export type PublicJwk = { kty: string; kid: string; alg: string; use: string; n?: string; e?: string };

export interface StoredKey {
  jwk: PrivateJwk;
  createdAt: number;
  retiredAt?: number;
}

export function generateKey(): StoredKey {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  const kid = crypto.createHash('sha256').update(String(jwk.n)).digest('base64url').slice(0, 16);
  return { jwk: { ...jwk, kid, alg: 'RS256', use: 'sig' }, createdAt: Math.floor(Date.now() / 1000) };
}

/** The public half of an RSA signing key, as the JWKS endpoint publishes it. */
export function publicJwk(jwk: PrivateJwk): PublicJwk {
  return { kty: String(jwk.kty), kid: jwk.kid, alg: jwk.alg, use: jwk.use, n: jwk.n, e: jwk.e };
}

/** The keys of the file as stored (active first), none when there is no file. */
export function storedSigningKeys(file: string): StoredKey[] {
  return read(file);
}

function read(file: string): StoredKey[] {
  if (!fs.existsSync(file)) return [];
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { keys: StoredKey[] }).keys;
}

function write(file: string, keys: StoredKey[]) {
  writeFileAtomic(file, JSON.stringify({ keys }, null, 2) + '\n', 0o600);
}

export function isPublished(key: Pick<StoredKey, 'retiredAt'>, now = Math.floor(Date.now() / 1000)): boolean {
  return key.retiredAt === undefined || now - key.retiredAt < RETIRED_KEY_GRACE_SECONDS;
}

function prune(keys: StoredKey[], now = Math.floor(Date.now() / 1000)): StoredKey[] {
  return keys.filter((k) => isPublished(k, now));
}

/** The private JWKS for the provider: the active key first (it signs), retired keys after it (they only verify). */
export function loadSigningKeys(file: string): { keys: PrivateJwk[] } {
  let keys = read(file);
  const pruned = prune(keys);
  if (pruned.length === 0) pruned.push(generateKey());
  if (pruned.length !== keys.length || !fs.existsSync(file)) write(file, pruned);
  keys = pruned;
  return { keys: keys.map((k) => k.jwk) };
}

/** Puts a new key in front; the previous one is retired and stays in the JWKS for the grace period. */
export function rotateSigningKeys(file: string): { kid: string; retired: string[] } {
  const now = Math.floor(Date.now() / 1000);
  const keys = prune(read(file), now).map((k) => (k.retiredAt === undefined ? { ...k, retiredAt: now } : k));
  const fresh = generateKey();
  write(file, [fresh, ...keys]);
  return { kid: fresh.jwk.kid, retired: keys.map((k) => k.jwk.kid) };
}

/** The public keys of the file still in their grace period (without writing the file). */
export function publishedSigningKeys(file: string): PublicJwk[] {
  return prune(read(file)).map((k) => publicJwk(k.jwk));
}

/** The key that signs now and when it was made (epoch seconds), without writing the file. */
export function activeSigningKey(file: string): { kid: string; createdAt: number } | undefined {
  const key = read(file).find((k) => k.retiredAt === undefined);
  return key && { kid: key.jwk.kid, createdAt: key.createdAt };
}
