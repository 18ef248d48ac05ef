import { providerKeys } from '@/lib/auth/discovery';
import { endedSessions } from '@/lib/auth/ended-sessions';
import { identityClientConfig } from '@/lib/auth/identity-config';
import { LogoutTokenError, verifyLogoutToken } from '@/lib/auth/logout-token';
import { HttpError } from '@/lib/http/http-error';
import { readBodyText } from '@/lib/http/read-body';
import { logger } from '@/lib/core/logger';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

const noStore = { 'cache-control': 'no-store' };
/** A logout token is a signed JWT of well under a kilobyte; anyone may POST here, so nothing larger is read. */
const MAX_LOGOUT_REQUEST_BYTES = 16 * 1024;

function refuse(description: string): Response {
  return Response.json({ error: 'invalid_request', error_description: description }, { status: 400, headers: noStore });
}

/** OpenID Connect Back-Channel Logout: the identity server POSTs a logout token; that session ends here too. */
export async function POST(request: Request): Promise<Response> {
  let body: string;
  try {
    body = await readBodyText(request, MAX_LOGOUT_REQUEST_BYTES);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return Response.json({ error: 'invalid_request', error_description: err.message }, { status: err.status, headers: noStore });
  }
  const logoutToken = new URLSearchParams(body).get('logout_token');
  if (typeof logoutToken !== 'string' || logoutToken.length === 0) return refuse('logout_token is required');

  const { issuer, clientId } = identityClientConfig();
  try {
    const claims = await verifyLogoutToken(logoutToken, { issuer, audience: clientId, keys: await providerKeys(issuer) });
    await endedSessions().end(claims);
    logger.info('back-channel logout accepted', { by: claims.sid ? 'sid' : 'sub' });
    return new Response(null, { status: 200, headers: noStore });
  } catch (err) {
    if (err instanceof LogoutTokenError) {
      logger.warn('back-channel logout refused', { reason: err.message });
      return refuse(err.message);
    }
    logger.error('back-channel logout failed', { error: (err as Error)?.message });
    return Response.json({ error: 'server_error' }, { status: 500, headers: noStore });
  }
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
