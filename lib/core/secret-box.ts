import crypto from 'node:crypto';

const PREFIX = 'sealed:v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;

export class SecretBoxError extends Error {}

/** A 32-byte key from its base64url (or base64) text; null when the text is not one. */
export function parseEncryptionKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed.replace(/\+/g, '-').replace(/\//g, '_').replace(/=$/, ''), 'base64url');
  return key.length === KEY_BYTES ? key : null;
}

export const newEncryptionKey = () => crypto.randomBytes(KEY_BYTES).toString('base64url');

const keyIdOf = (key: Buffer) => crypto.createHash('sha256').update(key).digest('hex').slice(0, 8);

/**
 * Secrets the server must read back in clear (Place API keys for HMAC, OIDC client secrets for the provider's
 * comparisons and HS256 client assertions), sealed at rest with AES-256-GCM. The first key seals; every key opens,
 * so the encryption key can be rotated: list the new key first, restart (stores reseal what they hold), then drop
 * the old one. The sealed text names its key by a hash prefix, never the key itself.
 */
export class SecretBox {
  private readonly keys: Map<string, Buffer>;
  private readonly currentId: string;

  constructor(keys: Buffer[]) {
    if (!keys.length || keys.some((k) => k.length !== KEY_BYTES)) throw new SecretBoxError('a secret box needs 32-byte keys');
    this.keys = new Map(keys.map((k) => [keyIdOf(k), k]));
    this.currentId = keyIdOf(keys[0]);
  }

  static isSealed(value: string): boolean {
    return value.startsWith(`${PREFIX}:`);
  }

  seal(plain: string): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.keys.get(this.currentId)!, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [PREFIX, this.currentId, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(':');
  }

  open(sealed: string): string {
    const parts = sealed.split(':');
    if (parts.length !== 6 || `${parts[0]}:${parts[1]}` !== PREFIX) throw new SecretBoxError('not a sealed secret');
    const [, , keyId, iv, body, tag] = parts;
    const key = this.keys.get(keyId);
    if (!key) throw new SecretBoxError(`a secret is sealed with key ${keyId}, which is not among SECRETS_ENCRYPTION_KEYS`);
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError(`a secret sealed with key ${keyId} does not open: it was altered`);
    }
  }

  /** True when the value is sealed with the current key (false for clear text and older keys: reseal those). */
  isCurrent(value: string): boolean {
    return SecretBox.isSealed(value) && value.split(':')[2] === this.currentId;
  }

  /** The value sealed with the current key, whether it was clear text (stored before sealing) or sealed with an older key. */
  reseal(value: string): string {
    return this.seal(SecretBox.isSealed(value) ? this.open(value) : value);
  }
}
