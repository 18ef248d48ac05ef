'use server';

import { logger } from '@/lib/core/logger';
import { providerMetadata } from './discovery';
import { endSessionUrl } from './end-session-url';
import { idTokenHints } from './id-token-hints';
import { identityClientConfig } from './identity-config';
import { clearSessionCookie, readAuthState } from './session-state';

/**
 * Sign out everywhere (a server action: Next checks the caller's origin): the Explorer's cookie goes now, and the
 * answer is where the browser goes next, the identity server's end-session endpoint, which ends its session too,
 * notifies the other apps and comes back to the home page.
 */
export async function signOutEverywhere(): Promise<string> {
  const { issuer, clientId, appUrl } = identityClientConfig();
  const { token } = await readAuthState();
  await clearSessionCookie();
  const idToken = token?.sid ? await idTokenHints().take(token.sid) : undefined;
  try {
    const { end_session_endpoint } = await providerMetadata(issuer);
    if (end_session_endpoint) return endSessionUrl({ endpoint: end_session_endpoint, clientId, returnTo: `${appUrl}/`, idToken });
  } catch (err) {
    logger.warn('identity server unreachable at sign-out: signed out of the Explorer only', { error: (err as Error)?.message });
  }
  return `${appUrl}/`;
}
