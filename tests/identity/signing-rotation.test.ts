import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileSigningKeys } from '@/lib/identity/provider-store/sqlite/keys';
import { PUBLISHED_KEYS_TTL_MS } from '@/lib/identity/published-keys';
import { followSigningKey, SIGN_AFTER_PUBLISHED_MS, shouldSignWith } from '@/lib/identity/signing-rotation';
import { tempDataDir } from '../support/temp-dirs';

describe('signing with a rotated key without a restart', () => {
  afterEach(() => vi.useRealTimers());

  it('waits until every instance publishes the new key (their JWKS cache plus a second) before signing with it', () => {
    expect(SIGN_AFTER_PUBLISHED_MS).toBe(PUBLISHED_KEYS_TTL_MS + 1_000);
    const made = { kid: 'new', createdAt: 1_000 };
    expect(shouldSignWith(made, 'old', 1_000_000 + SIGN_AFTER_PUBLISHED_MS - 1)).toBe(false);
    expect(shouldSignWith(made, 'old', 1_000_000 + SIGN_AFTER_PUBLISHED_MS)).toBe(true);
    expect(shouldSignWith(made, 'new', 2_000_000)).toBe(false);
    expect(shouldSignWith(undefined, 'old', 2_000_000)).toBe(false);
  });

  it('follows a rotation made in the key store by someone else, once, and keeps the current key when the store fails', async () => {
    vi.useFakeTimers();
    const file = path.join(tempDataDir('keys'), 'keys.json');
    const keys = fileSigningKeys(file);
    const first = (await keys.load()).keys[0].kid;
    expect(await keys.active()).toMatchObject({ kid: first });
    const switched: string[] = [];
    const stop = followSigningKey(keys, first, async () => {
      const kid = (await keys.load()).keys[0].kid;
      switched.push(kid);
      return kid;
    });

    const { kid } = await keys.rotate();
    expect(await keys.active()).toMatchObject({ kid });
    await vi.advanceTimersByTimeAsync(PUBLISHED_KEYS_TTL_MS);
    expect(switched).toEqual([]); // made less than SIGN_AFTER_PUBLISHED_MS ago
    await vi.advanceTimersByTimeAsync(3 * PUBLISHED_KEYS_TTL_MS);
    expect(switched).toEqual([kid]);

    fs.writeFileSync(file, 'not json');
    await vi.advanceTimersByTimeAsync(2 * PUBLISHED_KEYS_TTL_MS);
    expect(switched).toEqual([kid]);
    stop();
  });
});
