import { logger } from '@/lib/core/logger';
import { PUBLISHED_KEYS_TTL_MS } from './published-keys';
import type { SigningKeys } from './provider-store/types';

/**
 * An instance starts signing with a rotated key only once every instance publishes it: a key made at `createdAt` is
 * in every instance's JWKS after their cache's time to live, so a client that fetches the JWKS from any instance
 * can verify what this one signs. One second more covers clocks that disagree a little.
 */
export const SIGN_AFTER_PUBLISHED_MS = PUBLISHED_KEYS_TTL_MS + 1_000;

export function shouldSignWith(active: { kid: string; createdAt: number } | undefined, signingKid: string, nowMs: number): boolean {
  if (!active || active.kid === signingKid) return false;
  return nowMs - active.createdAt * 1000 >= SIGN_AFTER_PUBLISHED_MS;
}

/**
 * oidc-provider takes its signing keys once, when it is built. This polls the key store and calls `switchTo` (which
 * rebuilds the provider from the stored keys) when a rotation made anywhere, by any instance or the command line,
 * has been published long enough; it returns a function that stops it.
 */
export function followSigningKey(keys: SigningKeys, signingKid: string, switchTo: () => Promise<string>, everyMs = PUBLISHED_KEYS_TTL_MS): () => void {
  let kid = signingKid;
  let busy = false;
  const check = async () => {
    if (busy) return;
    busy = true;
    try {
      if (shouldSignWith(await keys.active(), kid, Date.now())) {
        kid = await switchTo();
        logger.info('identity: signing with the rotated key', { kid });
      }
    } catch (err) {
      logger.warn('identity: the signing key store could not be read; signing with the current key', { error: (err as Error).message });
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void check(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
