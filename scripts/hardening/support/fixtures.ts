import fs from 'node:fs';
import path from 'node:path';
import { signPlacesRequest } from '@/lib/places/auth/hmac';
import type { DemoCredentials } from '@/lib/core/demo-credentials';

export function readCredentials(dataDir: string): DemoCredentials {
  return JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as DemoCredentials;
}

export interface PlacesClient {
  client_id: string;
  secret_key: string;
}

/** The headers of a signed Place API request for `pathAndQuery` (from /api/v2/ on). */
export function signedHeaders(pathAndQuery: string, client: PlacesClient): Record<string, string> {
  return { 'SVC-ORG-APP-CLIENT-ID': client.client_id, 'SVC-ORG-APP-HMAC': signPlacesRequest(pathAndQuery, client.secret_key) };
}

export interface Sample {
  centers: [number, number][];
  ids: number[];
}

/** Real place ids and positions from the running server, so the load asks for places that exist. */
export async function samplePlaces(baseUrl: string, client: PlacesClient): Promise<Sample> {
  const target = '/api/v2/search?locations=country:US&limit=100&sort=name';
  const res = await fetch(baseUrl + target, { headers: signedHeaders(target, client) });
  if (res.status !== 200) throw new Error(`sampling places failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { id: number; locations?: { latitude: number; longitude: number }[] }[] };
  const ids = body.data.map((p) => p.id);
  const centers = body.data.flatMap((p) => (p.locations?.[0] ? [[p.locations[0].longitude, p.locations[0].latitude] as [number, number]] : []));
  if (ids.length === 0 || centers.length === 0) throw new Error('sampling places found none');
  return { ids, centers };
}
