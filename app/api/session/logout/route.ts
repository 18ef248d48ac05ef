import { withSession } from '@/lib/auth/with-session';
import { providerMetadata } from '@/lib/auth/discovery';
import { identityClientConfig } from '@/lib/auth/identity-config';
import { clearSessionCookie } from '@/lib/auth/session-state';
import { logger } from '@/lib/server/logger';

export const dynamic = 'force-dynamic';

/**
 * Sign out everywhere: the Explorer's cookie goes now, then the browser is sent to the identity server's end-session
 * endpoint (RP-initiated logout) which ends its session, notifies the other apps and comes back to the home page.
 */
export const POST = withSession(
  async () => {
    const { issuer, clientId, appUrl } = identityClientConfig();
    await clearSessionCookie();
    let location = `${appUrl}/`;
    try {
      const { end_session_endpoint } = await providerMetadata(issuer);
      if (end_session_endpoint) {
        const url = new URL(end_session_endpoint);
        url.searchParams.set('client_id', clientId);
        url.searchParams.set('post_logout_redirect_uri', `${appUrl}/`);
        location = url.toString();
      }
    } catch (err) {
      logger.warn('identity server unreachable at sign-out: signed out of the Explorer only', { error: (err as Error)?.message });
    }
    return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
  },
  { sameOrigin: true },
);
