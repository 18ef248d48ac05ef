import { cookies } from 'next/headers';
import { encode } from 'next-auth/jwt';
import { SESSION_MAX_AGE_SECONDS } from '@/lib/auth/auth-options';
import { identityClientConfig } from '@/lib/auth/identity-config';
import { safeReturnPath } from '@/lib/auth/same-origin';
import { withSession } from '@/lib/auth/with-session';
import { sessionCookieName, sessionCookieOptions } from '@/lib/auth/session-state';
import { refreshAccessToken } from '@/lib/auth/token-refresh';
import { logger } from '@/lib/server/logger';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/**
 * Server components cannot write cookies, so a page that finds the access token expired comes here: the token is
 * refreshed and the session cookie rewritten, then the browser goes back. Without a usable refresh token the
 * tokens are dropped and the page asks for a new sign-in (silent while the identity server session lasts).
 */
export const GET = withSession(async ({ request, session }) => {
  const { appUrl } = identityClientConfig();
  const returnTo = safeReturnPath(new URL(request.url).searchParams.get('returnTo'));
  const token = session?.token;
  if (token) {
    let next = token;
    try {
      next = await refreshAccessToken(token);
    } catch (err) {
      logger.warn('access token refresh failed', { error: (err as Error)?.message });
      next = { ...token, accessToken: undefined, accessTokenExpiresAt: undefined, refreshToken: undefined };
    }
    const secret = process.env.NEXTAUTH_SECRET;
    if (!secret) throw new Error('NEXTAUTH_SECRET is not set');
    const { iat: _iat, exp: _exp, jti: _jti, ...claims } = next;
    const value = await encode({ token: claims, secret, maxAge: SESSION_MAX_AGE_SECONDS });
    (await cookies()).set(sessionCookieName(), value, { ...sessionCookieOptions(), maxAge: SESSION_MAX_AGE_SECONDS });
  }
  return new Response(null, { status: 303, headers: { location: `${appUrl}${returnTo}`, 'cache-control': 'no-store' } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
