import { cookies } from 'next/headers';
import { encode } from 'next-auth/jwt';
import { SESSION_MAX_AGE_SECONDS } from '@/lib/auth/session-lifetime';
import { identityClientConfig } from '@/lib/auth/identity-config';
import { safeReturnPath } from '@/lib/auth/same-origin';
import { withSession } from '@/lib/auth/with-session';
import { clearSessionCookie, sessionCookieName, sessionCookieOptions } from '@/lib/auth/session-state';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

/**
 * Server components cannot write cookies, so a page that finds the access token expired comes here. The session was
 * confirmed on the way in (its access token refreshed where it had expired, lib/auth/confirm-session.ts) and its
 * cookie is written again; a session whose refresh the identity server refused is over, and its cookie is removed.
 * Then the browser goes back.
 */
export const GET = withSession(async ({ request, session, ended }) => {
  const { appUrl } = identityClientConfig();
  const returnTo = safeReturnPath(new URL(request.url).searchParams.get('returnTo'));
  if (session) {
    // next-auth reads its secret from process.env (the custom server puts the one from DATA_DIR/secrets.json there).
    const secret = process.env.NEXTAUTH_SECRET;
    if (!secret) throw new Error('NEXTAUTH_SECRET is not set');
    const { iat: _iat, exp: _exp, jti: _jti, ...claims } = session.token;
    const value = await encode({ token: claims, secret, maxAge: SESSION_MAX_AGE_SECONDS });
    (await cookies()).set(sessionCookieName(), value, { ...sessionCookieOptions(), maxAge: SESSION_MAX_AGE_SECONDS });
  } else if (ended) {
    await clearSessionCookie();
  }
  return new Response(null, { status: 303, headers: { location: `${appUrl}${returnTo}`, 'cache-control': 'no-store' } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
