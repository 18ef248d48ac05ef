import { describe, expect, it } from 'vitest';
import { newEncryptionKey, parseEncryptionKey, SecretBox, SecretBoxError } from '@/lib/core/secret-box';

const key = () => parseEncryptionKey(newEncryptionKey())!;

describe('encryption keys and sealed text at their edges', () => {
  it('reads a key with surrounding spaces, base64 padding or base64 (+ and /) characters, as the same bytes', () => {
    const bytes = Buffer.from(Array.from({ length: 32 }, (_, i) => 250 - i));
    const b64 = bytes.toString('base64');
    expect(b64).toMatch(/[+/]/);
    expect(parseEncryptionKey(`  ${b64}  `)?.equals(bytes)).toBe(true);
    expect(parseEncryptionKey(bytes.toString('base64url'))?.equals(bytes)).toBe(true);
    expect(parseEncryptionKey(`x${bytes.toString('base64url')}`)).toBeNull();
    expect(parseEncryptionKey(`${bytes.toString('base64url')}x`)).toBeNull();
    expect(parseEncryptionKey(`${bytes.toString('base64url')}==`)).toBeNull();
  });

  it('refuses to build without keys or with a key of the wrong size, even beside good ones', () => {
    expect(() => new SecretBox([])).toThrow(/32-byte keys/);
    expect(() => new SecretBox([key(), Buffer.alloc(16)])).toThrow(SecretBoxError);
    expect(() => new SecretBox([Buffer.alloc(33)])).toThrow(/32-byte keys/);
  });

  it('opens only the exact sealed form: six parts under its own prefix, text round-tripped as UTF-8', () => {
    const box = new SecretBox([key()]);
    const sealed = box.seal('ünïcødé ✓');
    expect(box.open(sealed)).toBe('ünïcødé ✓');
    const parts = sealed.split(':');
    expect(() => box.open(parts.slice(0, 5).join(':'))).toThrow(/not a sealed secret/);
    expect(() => box.open([...parts, 'x'].join(':'))).toThrow(/not a sealed secret/);
    expect(() => box.open(['sealed', 'v2', ...parts.slice(2)].join(':'))).toThrow(/not a sealed secret/);
    expect(() => box.open(['other', 'v1', ...parts.slice(2)].join(':'))).toThrow(/not a sealed secret/);
    expect(SecretBox.isSealed(sealed)).toBe(true);
    expect(SecretBox.isSealed(`x${sealed}`)).toBe(false);
  });
});
