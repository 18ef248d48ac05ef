// Secrets the server must read back (Place API keys, OIDC client secrets) are sealed at rest: AES-256-GCM with a
// key from SECRETS_ENCRYPTION_KEYS (or generated into DATA_DIR for a demo), rotatable.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDataDir } from '@/lib/core/data-dir';
import { newEncryptionKey, parseEncryptionKey, SecretBox, SecretBoxError } from '@/lib/core/secret-box';
import { loadSecrets } from '@/lib/core/secrets';
import { tempDataDir } from '../support/test-server';

const key = () => parseEncryptionKey(newEncryptionKey())!;

describe('the secret box', () => {
  it('opens what it sealed, and never shows the secret or the key in the sealed text', () => {
    const k = key();
    const box = new SecretBox([k]);
    const sealed = box.seal('s3cret-value');
    expect(sealed).toMatch(/^sealed:v1:[0-9a-f]{8}:/);
    expect(sealed).not.toContain('s3cret');
    expect(sealed).not.toContain(k.toString('base64url'));
    expect(box.open(sealed)).toBe('s3cret-value');
    expect(box.seal('s3cret-value')).not.toBe(sealed);
  });

  it('refuses altered text and text sealed with a key it does not hold, naming the key', () => {
    const box = new SecretBox([key()]);
    const sealed = box.seal('value');
    const parts = sealed.split(':');
    parts[4] = Buffer.from('other').toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow(/altered/);
    const stranger = new SecretBox([key()]).seal('value');
    expect(() => box.open(stranger)).toThrow(SecretBoxError);
    expect(() => box.open(stranger)).toThrow(/not among SECRETS_ENCRYPTION_KEYS/);
    expect(() => box.open('plain text')).toThrow(/not a sealed secret/);
  });

  it('rotates: the first key seals, older keys still open, and reseal moves clear or old text to the new key', () => {
    const [oldKey, newKey] = [key(), key()];
    const before = new SecretBox([oldKey]).seal('value');
    const box = new SecretBox([newKey, oldKey]);
    expect(box.open(before)).toBe('value');
    expect(box.isCurrent(before)).toBe(false);
    const resealed = box.reseal(before);
    expect(box.isCurrent(resealed)).toBe(true);
    expect(new SecretBox([newKey]).open(resealed)).toBe('value');
    expect(box.open(box.reseal('clear text from an older version'))).toBe('clear text from an older version');
  });

  it('parses 32-byte keys in base64url or base64 and nothing else', () => {
    expect(parseEncryptionKey(newEncryptionKey())?.length).toBe(32);
    expect(parseEncryptionKey(Buffer.alloc(32, 7).toString('base64'))?.length).toBe(32);
    expect(parseEncryptionKey('short')).toBeNull();
    expect(parseEncryptionKey(Buffer.alloc(31).toString('base64url'))).toBeNull();
  });
});

describe('the encryption keys', () => {
  it('are generated once into the data directory for a demo, and named among the generated secrets', () => {
    const dir = openDataDir(tempDataDir('secret-box'));
    const first = loadSecrets(dir, {});
    expect(first.generated).toContain('SECRETS_ENCRYPTION_KEYS');
    expect(loadSecrets(dir, {}).encryptionKeys[0].equals(first.encryptionKeys[0])).toBe(true);
    fs.rmSync(dir.root, { recursive: true, force: true });
  });

  it('come from SECRETS_ENCRYPTION_KEYS, newest first, and a malformed entry stops start-up with one line', () => {
    const dir = openDataDir(tempDataDir('secret-box'));
    const [a, b] = [newEncryptionKey(), newEncryptionKey()];
    const secrets = loadSecrets(dir, { SECRETS_ENCRYPTION_KEYS: `${a}, ${b}` });
    expect(secrets.generated).not.toContain('SECRETS_ENCRYPTION_KEYS');
    expect(secrets.encryptionKeys.map((k) => k.toString('base64url'))).toEqual([a, b]);
    expect(() => loadSecrets(dir, { SECRETS_ENCRYPTION_KEYS: `${a},not-a-key` })).toThrow(/SECRETS_ENCRYPTION_KEYS entry must be 32 bytes/);
    fs.rmSync(dir.root, { recursive: true, force: true });
  });

  it('leave no secrets file in the data directory when the environment gives every secret', () => {
    const dir = openDataDir(tempDataDir('secret-box'));
    const env = { NEXTAUTH_SECRET: 'n'.repeat(32), IDENTITY_COOKIE_KEYS: 'c'.repeat(32), SECRETS_ENCRYPTION_KEYS: newEncryptionKey() };
    expect(loadSecrets(dir, env).generated).toEqual([]);
    expect(fs.existsSync(dir.file('secrets.json'))).toBe(false);
    // One secret missing: only that one comes from the file, which is then written.
    const partial = loadSecrets(dir, { ...env, NEXTAUTH_SECRET: undefined });
    expect(partial.generated).toEqual(['NEXTAUTH_SECRET']);
    expect(partial.identityCookieKeys).toEqual(['c'.repeat(32)]);
    expect(fs.existsSync(dir.file('secrets.json'))).toBe(true);
    fs.rmSync(dir.root, { recursive: true, force: true });
  });
});
