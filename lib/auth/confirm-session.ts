import 'server-only';
import crypto from 'node:crypto';
import type { JWT } from 'next-auth/jwt';
import { logger } from '@/lib/core/logger';
import { currentOrganizations } from './current-memberships';
import { endedSessions } from './ended-sessions';
import { nowInSeconds, outlivedSession } from './session-lifetime';
import { accessTokenExpired, RefreshError, refreshAccessToken } from './token-refresh';

const MAX_REFRESHES_KEPT = 5_000;
/** Refreshed tokens by their refresh token's hash, until the new access token expires: one refresh per session. */
const refreshes = new Map<string, { until: number; token: Promise<JWT> }>();

export function isSessionEnded(token: JWT): Promise<boolean> {
  return endedSessions().isEnded({ sid: token.sid, sub: token.sub, signedInAt: token.signedInAt });
}

/**
 * The session's token with a live access token: the cookie's, or one refreshed now (within 30 s of its expiry). Requests that read the same
 * cookie share one refresh (route handlers and pages cannot all write the cookie back; next-auth's session read
 * does). `'refused'`: the identity server refused the refresh, or there is nothing to refresh with. `'unavailable'`:
 * the identity server did not answer.
 */
async function withLiveAccessToken(token: JWT, now: number): Promise<JWT | 'refused' | 'unavailable'> {
  if (!accessTokenExpired(token)) return token;
  if (!token.refreshToken) return 'refused';
  const key = crypto.createHash('sha256').update(token.refreshToken).digest('base64url');
  let kept = refreshes.get(key);
  if (!kept || kept.until <= now) {
    const refreshed = refreshAccessToken(token);
    kept = { until: now + 60, token: refreshed };
    if (refreshes.size >= MAX_REFRESHES_KEPT) refreshes.delete(refreshes.keys().next().value as string);
    refreshes.set(key, kept);
    refreshed.then(
      (t) => kept && (kept.until = t.accessTokenExpiresAt ?? now + 60),
      () => refreshes.delete(key),
    );
  }
  try {
    const fresh = await kept.token;
    // The organizations and the rest stay the caller's; only the tokens are the refresh's.
    return { ...token, accessToken: fresh.accessToken, accessTokenExpiresAt: fresh.accessTokenExpiresAt, refreshToken: fresh.refreshToken };
  } catch (err) {
    if (err instanceof RefreshError) {
      logger.info('session ended: the identity server refused its refresh', { sub: token.sub, reason: err.message });
      return 'refused';
    }
    logger.warn('access token not refreshed: the identity server did not answer', { sub: token.sub, error: (err as Error)?.message });
    return 'unavailable';
  }
}

/**
 * Whether what the session cookie says still holds, decided at every read of it: the cookie says who signed in and
 * what they could do then, the identity server what they may do now. Null when the session is over:
 * - twelve hours after its sign-in, however often its cookie was re-issued;
 * - a logout ended it (back-channel, by session or by person);
 * - its access token has expired and the identity server refuses to refresh it (a password reset or change,
 *   "sign out other sessions" and an account's deletion revoke every grant of the account);
 * - userinfo refuses its live access token (the same events, before the token expires).
 * Otherwise the token, with a refreshed access token where it had expired, and the organizations userinfo gives now
 * (a removal or a role change applies within seconds). When the identity server does not answer, a live access
 * token keeps the organizations the cookie has, until it expires; after that the session keeps its person but no
 * organization until the server answers again.
 */
export async function confirmSession(token: JWT, now = nowInSeconds()): Promise<JWT | null> {
  if (outlivedSession(token.signedInAt, now)) return null;
  if (await isSessionEnded(token)) return null;
  const live = await withLiveAccessToken(token, now);
  if (live === 'refused') return null;
  if (live === 'unavailable') return { ...token, organizations: [] };
  const organizations = await currentOrganizations(live);
  if (organizations === 'revoked') return null;
  return organizations ? { ...live, organizations } : live;
}
