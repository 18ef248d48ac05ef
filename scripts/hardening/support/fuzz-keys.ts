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
  return { places: [org, creds.places_api], oidcClient, placeIds };
}
