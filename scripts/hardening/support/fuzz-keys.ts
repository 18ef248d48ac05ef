import { DEMO_ORGANIZATIONS } from '@/lib/demo/organizations';
import type { DemoCredentials } from '@/lib/core/demo-credentials';
import { signedHeaders } from './fixtures';
import type { FuzzKeys } from './fuzz-cases';

/** An access token (`openid cosmos`) for a demo user from the test OIDC client (password grant), or undefined. */
async function passwordToken(baseUrl: string, creds: DemoCredentials, username: string): Promise<string | undefined> {
  const oidcClient = creds.oidc_clients?.find((c) => c.client_id === 'oidc-test-client');
  const user = creds.users?.find((u) => u.username === username);
  if (!oidcClient || !user) return undefined;
  const token = await fetch(`${baseUrl}/identity/connect/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${oidcClient.client_id}:${oidcClient.client_secret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'password', username: user.username, password: user.password, scope: 'openid cosmos' }),
  });
  return token.ok ? ((await token.json()) as { access_token: string }).access_token : undefined;
}

/**
 * The keys the generated requests use: an organization's client, the public client, the test OIDC client, real ids,
 * an administrator's token (organization APIs) and two members' tokens (account API). The server must accept the
 * test client on those APIs (IDENTITY_MEMBERS_API_CLIENTS), or the tokens only ever meet the client check.
 */
export async function fuzzKeys(baseUrl: string, creds: DemoCredentials): Promise<FuzzKeys> {
  const org = creds.places_api_clients?.[0];
  const oidcClient = creds.oidc_clients?.find((c) => c.client_id === 'oidc-test-client');
  if (!org || !creds.places_api || !oidcClient) throw new Error('demo credentials incomplete');
  const target = '/api/v2/search?locations=country:US&limit=20';
  const res = await fetch(baseUrl + target, { headers: signedHeaders(target, org) });
  const placeIds = ((await res.json()) as { data: { id: number }[] }).data.map((p) => p.id);
  const [adminToken, memberToken, spareToken] = await Promise.all(['admin', 'traveler', 'dealer'].map((u) => passwordToken(baseUrl, creds, u)));
  const organizationIds = DEMO_ORGANIZATIONS.map((o) => o.id);
  const memberPassword = creds.users?.find((u) => u.username === 'traveler')?.password;
  return { places: [org, creds.places_api], oidcClient, placeIds, adminToken, memberToken, memberPassword, spareToken, organizationIds };
}

