import 'server-only';
import crypto from 'node:crypto';
import type { JWT } from 'next-auth/jwt';
import { timedFetch } from '@/lib/http/timed-fetch';
import { logger } from '@/lib/core/logger';
import { identityClientConfig } from './identity-config';
import { accessTokenExpired } from './token-refresh';
import type { SessionOrganization } from './types';
import { parseUserClaim } from './user-claim';

/** How long one answer of the identity server is reused for the same access token. */
export const MEMBERSHIP_TTL_MS = 5_000;
const MAX_ENTRIES = 5_000;

type Answer = SessionOrganization[] | 'revoked';
const cache = new Map<string, { at: number; answer: Answer }>();

/**
 * The signed-in person's organizations as the identity server has them now, not as they were at sign-in: userinfo's
 * `user` claim, read with the session's access token and reused for 5 seconds. So an administrator's change
 * (a role, the administrator flag, a removal) applies to the member's next request. `'revoked'`: the identity
 * server no longer accepts a live access token (the password changed, the account was deleted): the session is
 * over. `undefined`: no answer (no token, expired, or the server did not answer); the caller keeps what the
 * session cookie says.
 */
export async function currentOrganizations(token: JWT): Promise<Answer | undefined> {
  if (!token.accessToken || accessTokenExpired(token, 0)) return undefined;
  const key = crypto.createHash('sha256').update(token.accessToken).digest('base64url');
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < MEMBERSHIP_TTL_MS) return hit.answer;
  let answer: Answer;
  try {
    const { issuer } = identityClientConfig();
    answer = await timedFetch(
      `${issuer}/connect/userinfo`,
      { headers: { authorization: `Bearer ${token.accessToken}`, accept: 'application/json' }, cache: 'no-store' },
      3_000,
      async (r): Promise<Answer> => {
        if (r.status === 401) return 'revoked';
        if (!r.ok) throw new Error(`userinfo answered ${r.status}`);
        const claims = (await r.json()) as { user?: unknown };
        return parseUserClaim(claims.user, (message, fields) => logger.warn(message, { sub: token.sub, ...fields }));
      },
    );
  } catch (err) {
    logger.warn('memberships not refreshed; using the session cookie', { sub: token.sub, error: (err as Error).message });
    return undefined;
  }
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, { at: Date.now(), answer });
  return answer;
}
