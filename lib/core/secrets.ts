import crypto from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';
import type { DataDir } from './data-dir';
import { writeFileAtomic } from './data-dir';
import { newEncryptionKey, parseEncryptionKey } from './secret-box';

export interface Secrets {
  /** Signs and encrypts the Explorer's next-auth session cookie. */
  nextAuthSecret: string;
  /** Keys that sign the identity server's cookies; the first signs, all verify (rotation). */
  identityCookieKeys: string[];
  /** Keys that seal the secrets stored in clear-readable form (Place API keys, OIDC client secrets); the first seals. */
  encryptionKeys: Buffer[];
  /** Names of the secrets that were generated into the data directory rather than given by the environment. */
  generated: string[];
}

const FILE = 'secrets.json';
const stored = z.object({
  nextAuthSecret: z.string().min(32),
  identityCookieKeys: z.array(z.string().min(32)).min(1),
  // Absent from data directories made before secrets were sealed: added on the next start.
  encryptionKeys: z.array(z.string().refine((k) => parseEncryptionKey(k) !== null)).min(1).optional(),
});

/** SECRETS_ENCRYPTION_KEYS: comma-separated 32-byte keys in base64url, newest first; null when not set. */
export function parseEncryptionKeys(text: string | undefined): Buffer[] | null {
  const entries = text?.split(',').map((k) => k.trim()).filter(Boolean);
  if (!entries?.length) return null;
  const keys = entries.map(parseEncryptionKey);
  if (keys.some((k) => k === null)) throw new Error('invalid environment: each SECRETS_ENCRYPTION_KEYS entry must be 32 bytes in base64url (43 characters)');
  return keys as Buffer[];
}

const random = () => crypto.randomBytes(32).toString('base64url');

/** The demo secrets generated once into the data directory: read, or made and written on first need. */
function localSecrets(dataDir: DataDir): z.infer<typeof stored> {
  const file = dataDir.file(FILE);
  let local: z.infer<typeof stored>;
  if (fs.existsSync(file)) {
    const parsed = stored.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file} is corrupt: remove it to generate new demo secrets`);
    local = parsed.data;
  } else {
    local = { nextAuthSecret: random(), identityCookieKeys: [random()] };
  }
  if (!local.encryptionKeys || !fs.existsSync(file)) {
    local = { ...local, encryptionKeys: local.encryptionKeys ?? [newEncryptionKey()] };
    writeFileAtomic(file, JSON.stringify(local, null, 2) + '\n');
  }
  return local;
}

/**
 * Environment first; otherwise secrets generated once into the data directory (a demo's secrets). The file is
 * neither read nor written when the environment gives every secret.
 */
export function loadSecrets(dataDir: DataDir, env: Record<string, string | undefined> = process.env): Secrets {
  let local: z.infer<typeof stored> | undefined;
  const fromFile = () => (local ??= localSecrets(dataDir));

  const generated: string[] = [];
  let nextAuthSecret = env.NEXTAUTH_SECRET;
  if (!nextAuthSecret) {
    nextAuthSecret = fromFile().nextAuthSecret;
    generated.push('NEXTAUTH_SECRET');
  } else if (nextAuthSecret.length < 32) {
    throw new Error('invalid environment: NEXTAUTH_SECRET must be at least 32 characters');
  }
  let identityCookieKeys = env.IDENTITY_COOKIE_KEYS?.split(',').map((k) => k.trim()).filter(Boolean);
  if (!identityCookieKeys?.length) {
    identityCookieKeys = fromFile().identityCookieKeys;
    generated.push('IDENTITY_COOKIE_KEYS');
  } else if (identityCookieKeys.some((k) => k.length < 32)) {
    throw new Error('invalid environment: each IDENTITY_COOKIE_KEYS entry must be at least 32 characters');
  }
  let encryptionKeys = parseEncryptionKeys(env.SECRETS_ENCRYPTION_KEYS);
  if (!encryptionKeys) {
    encryptionKeys = fromFile().encryptionKeys!.map((k) => parseEncryptionKey(k)!);
    generated.push('SECRETS_ENCRYPTION_KEYS');
  }
  return { nextAuthSecret, identityCookieKeys, encryptionKeys, generated };
}
