import 'server-only';
import { timedFetch } from '@/lib/http/timed-fetch';
import type { JWT } from 'next-auth/jwt';
import { z } from 'zod';
import { providerMetadata } from './discovery';
import { identityClientConfig } from './identity-config';

const tokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive().optional(),
  refresh_token: z.string().min(1).optional(),
});

/** The identity server refused the refresh (the grant was revoked or expired): the session is over. */
export class RefreshError extends Error {}

/** RFC 6749 section 2.3.1: both halves are form-encoded before the Basic header is built. */
function basicAuth(clientId: string, clientSecret: string): string {
  const enc = (v: string) => encodeURIComponent(v).replace(/%20/g, '+');
  return 'Basic ' + Buffer.from(`${enc(clientId)}:${enc(clientSecret)}`).toString('base64');
}

export function accessTokenExpired(token: JWT, leewaySeconds = 30): boolean {
  if (!token.accessToken) return true;
  return token.accessTokenExpiresAt !== undefined && token.accessTokenExpiresAt - leewaySeconds <= Date.now() / 1000;
}

/** Trades the refresh token for a new access token (and the rotated refresh token when the server sends one). */
export async function refreshAccessToken(token: JWT): Promise<JWT> {
  if (!token.refreshToken) throw new RefreshError('no refresh token was issued');
  const { issuer, clientId, clientSecret } = identityClientConfig();
  const { token_endpoint } = await providerMetadata(issuer);
  const [response, body] = await timedFetch(
    token_endpoint,
    {
      method: 'POST',
      headers: { authorization: basicAuth(clientId, clientSecret), 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token.refreshToken }),
      cache: 'no-store',
    },
    10_000,
    async (r) => [r, (await r.json().catch(() => null)) as unknown] as const,
  );
  const code = (body as { error?: unknown } | null)?.error;
  const described = `${response.status} ${typeof code === 'string' ? code : 'error'}`;
  // A server error is an outage, not a verdict on the session: only a 4xx refuses it (RFC 6749 5.2).
  if (response.status >= 500) throw new Error(`refresh failed (${described})`);
  if (!response.ok) throw new RefreshError(`refresh refused (${described})`);
  const parsed = tokenResponse.safeParse(body);
  if (!parsed.success) throw new RefreshError('refresh answered without an access token');
  const now = Math.floor(Date.now() / 1000);
  return {
    ...token,
    accessToken: parsed.data.access_token,
    accessTokenExpiresAt: parsed.data.expires_in ? now + Math.floor(parsed.data.expires_in) : undefined,
    refreshToken: parsed.data.refresh_token ?? token.refreshToken,
  };
}
