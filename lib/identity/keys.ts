import crypto from 'node:crypto';
import fs from 'node:fs';
import { writeFileAtomic } from '@/lib/server/data-dir';

export const SIGNING_KEYS_FILE = 'identity-signing-keys.json';

/** A retired key stays published this long: longer than any JWT it signed lives (ID tokens: 1 hour). */
export const RETIRED_KEY_GRACE_SECONDS = 2 * 60 * 60;

interface StoredKey {
  jwk: crypto.JsonWebKey & { kid: string; alg: string; use: string };
  createdAt: number;
  retiredAt?: number;
}

function generateKey(): StoredKey {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  const kid = crypto.createHash('sha256').update(String(jwk.n)).digest('base64url').slice(0, 16);
  return { jwk: { ...jwk, kid, alg: 'RS256', use: 'sig' }, createdAt: Math.floor(Date.now() / 1000) };
}

function read(file: string): StoredKey[] {
  if (!fs.existsSync(file)) return [];
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { keys: StoredKey[] }).keys;
}

function write(file: string, keys: StoredKey[]) {
  writeFileAtomic(file, JSON.stringify({ keys }, null, 2) + '\n', 0o600);
}

function prune(keys: StoredKey[], now = Math.floor(Date.now() / 1000)): StoredKey[] {
  return keys.filter((k) => k.retiredAt === undefined || now - k.retiredAt < RETIRED_KEY_GRACE_SECONDS);
}

/** The private JWKS for the provider: the active key first (it signs), retired keys after it (they only verify). */
export function loadSigningKeys(file: string): { keys: StoredKey['jwk'][] } {
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
