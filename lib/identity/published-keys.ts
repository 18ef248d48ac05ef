import type { KoaContext } from 'oidc-provider';
import { logger } from '@/lib/core/logger';
import { type PrivateJwk, publicJwk, type PublicJwk } from './keys';
import type { SigningKeys } from './provider-store/types';

/** How long an instance serves its JWKS from memory before reading the key store again. */
export const PUBLISHED_KEYS_TTL_MS = 5_000;

/**
 * The JWKS endpoint answers from the key store rather than from the keys the provider was built with: a key
 * rotated by `npm run identity -- keys rotate` (on any instance, or the command line against the same database)
 * is published by every instance within PUBLISHED_KEYS_TTL_MS, before any instance signs with it
 * (signing-rotation.ts); the keys a provider was built with stay in its own JWKS while it serves, so nothing it
 * signed becomes unverifiable there.
 */
export function publishedKeys(keys: SigningKeys, signingWith: PrivateJwk[], ttlMs = PUBLISHED_KEYS_TTL_MS) {
  const own = signingWith.map(publicJwk);
  let cached: { at: number; keys: PublicJwk[] } | null = null;
  const current = async (): Promise<PublicJwk[]> => {
    if (cached && Date.now() - cached.at < ttlMs) return cached.keys;
    const stored = await keys.published();
    const kids = new Set(stored.map((k) => k.kid));
    cached = { at: Date.now(), keys: [...stored, ...own.filter((k) => !kids.has(k.kid))] };
    return cached.keys;
  };
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    await next();
    if (ctx.oidc?.route !== 'jwks' || ctx.status !== 200) return;
    try {
      ctx.body = { keys: await current() };
    } catch (err) {
      // The provider's own answer (the keys it was built with) stands.
      logger.warn('identity signing keys could not be read; publishing this instance\'s keys', { error: (err as Error).message });
    }
  };
}
