import 'server-only';
import type { NextAuthOptions } from 'next-auth';
import type { OAuthConfig } from 'next-auth/providers/oauth';
import { logger } from '@/lib/core/logger';
import { authLogger } from './auth-logger';
import { confirmSession } from './confirm-session';
import { idTokenHints } from './id-token-hints';
import { identityClientConfig } from './identity-config';
import { SESSION_ENDED } from './session-state';
import { SESSION_MAX_AGE_SECONDS } from './session-lifetime';
import type { SessionOrganization } from './types';
import { parseUserClaim } from './user-claim';

export const IDENTITY_PROVIDER_ID = 'identity';
export const IDENTITY_SCOPES = 'openid email profile cosmos offline_access';
export { SESSION_MAX_AGE_SECONDS };

interface IdentityClaims extends Record<string, unknown> {
  sub: string;
  sid?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  user?: unknown;
}

function displayName(claims: IdentityClaims): string | null {
  if (claims.name) return claims.name;
  const joined = [claims.given_name, claims.family_name].filter(Boolean).join(' ');
  return joined || null;
}

function identityProvider(): OAuthConfig<IdentityClaims> {
  const { issuer, clientId, clientSecret } = identityClientConfig();
  return {
    id: IDENTITY_PROVIDER_ID,
    name: 'Trip Explorer account',
    type: 'oauth',
    wellKnown: `${issuer}/.well-known/openid-configuration`,
    issuer,
    clientId,
    clientSecret,
    idToken: true,
    checks: ['pkce', 'state', 'nonce'],
    // OpenID Connect Core 11: `offline_access` (the refresh token) only counts with prompt=consent. The identity
    // server grants consent to its first-party clients without showing a page, so this costs one redirect.
    authorization: { params: { scope: IDENTITY_SCOPES, prompt: 'consent' } },
    client: { token_endpoint_auth_method: 'client_secret_basic', id_token_signed_response_alg: 'RS256' },
    profile(claims) {
      return {
        id: claims.sub,
        name: displayName(claims),
        email: claims.email ?? null,
        organizations: parseUserClaim(claims.user, (message, fields) => logger.warn(message, { sub: claims.sub, ...fields })),
      };
    },
  };
}

let cached: NextAuthOptions | undefined;

/** Built on first use: the demo client secret is only known once the identity server has seeded DATA_DIR. */
export function authOptions(): NextAuthOptions {
  cached ??= {
    providers: [identityProvider()],
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    // Sign-in starts from the app's own buttons; a sign-in that ends without a session (Cancel on the identity
    // server's page included) comes back to the map with `?error=`, which the Explorer turns into a note.
    pages: { signIn: '/', error: '/' },
    logger: authLogger,
    callbacks: {
      async jwt({ token, account, user, profile }) {
        if (account) {
          const claims = (profile ?? {}) as IdentityClaims;
          const sid = typeof claims.sid === 'string' ? claims.sid : undefined;
          if (sid && account.id_token) await idTokenHints().remember(sid, account.id_token);
          return {
            sub: token.sub,
            name: token.name,
            email: token.email,
            sid,
            organizations: user.organizations ?? [],
            accessToken: account.access_token,
            accessTokenExpiresAt: account.expires_at,
            refreshToken: account.refresh_token,
            signedInAt: Math.floor(Date.now() / 1000),
          };
        }
        // The session as the identity server has it now (confirm-session.ts), with a refreshed access token kept in the
        // cookie. Throwing makes next-auth answer "signed out" and clear the cookie.
        const confirmed = await confirmSession(token);
        if (!confirmed) throw new Error(SESSION_ENDED);
        return confirmed;
      },
      // Built from scratch so that no token can ever reach the browser through /api/auth/session.
      async session({ session, token }) {
        const organizations: SessionOrganization[] = token.organizations ?? [];
        return {
          expires: session.expires,
          user: { name: token.name ?? null, email: token.email ?? null },
          organizations,
        };
      },
    },
  };
  return cached;
}
