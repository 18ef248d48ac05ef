import { DEMO_ORGANIZATIONS } from '@/lib/demo/organizations';
import type { DemoCredentials } from '@/lib/server/demo-credentials';
import { signedHeaders } from './fixtures';
import type { FuzzKeys } from './fuzz-cases';

/** The keys the generated requests use: an organization's client, the public client, the test OIDC client and real ids. */
export async function fuzzKeys(baseUrl: string, creds: DemoCredentials): Promise<FuzzKeys> {
  const org = creds.places_api_clients?.[0];
  const oidcClient = creds.oidc_clients?.find((c) => c.client_id === 'oidc-test-client');
  if (!org || !creds.places_api || !oidcClient) throw new Error('demo credentials incomplete');
  const target = '/api/v2/search?locations=country:US&limit=20';
  const res = await fetch(baseUrl + target, { headers: signedHeaders(target, org) });
  const placeIds = ((await res.json()) as { data: { id: number }[] }).data.map((p) => p.id);
  // An administrator's token for the organization APIs: the server must accept the test client there
  // (IDENTITY_MEMBERS_API_CLIENTS), or the token only ever meets the client check.
  const admin = creds.users?.find((u) => u.username === 'admin');
  let adminToken: string | undefined;
  if (admin) {
    const token = await fetch(`${baseUrl}/identity/connect/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${oidcClient.client_id}:${oidcClient.client_secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'password', username: admin.username, password: admin.password, scope: 'openid cosmos' }),
    });
    adminToken = token.ok ? ((await token.json()) as { access_token: string }).access_token : undefined;
  }
  const organizationIds = DEMO_ORGANIZATIONS.map((o) => o.id);
  return { places: [org, creds.places_api], oidcClient, placeIds, adminToken, organizationIds };
}
