// GET /api/v2/canonical_places?ids=: several places in one request (issue 35, finding 4: the trips' lookups of new
// place ids, one request of a client's budget for up to 100 places instead of one each).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perMinuteRule } from '@/lib/server/rate-limit';
import { type PlacesTestServer, startPlacesServer } from './support/places-server';
import { validate } from './support/json-schema';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let s: PlacesTestServer;
let doc: Json;
beforeAll(async () => {
  s = await startPlacesServer();
  doc = await (await fetch(`${s.url}/api/v2/openapi.json`)).json();
});
afterAll(() => s?.close());

function conforms(body: unknown, schema: string) {
  expect(validate(body, { $ref: `#/components/schemas/${schema}` }, doc).slice(0, 5)).toEqual([]);
}

describe('GET /api/v2/canonical_places?ids=', () => {
  it('answers each id asked, in order, in the search form; null for an unknown id; a previous id resolves', async () => {
    const page = (await s.json<Json>('/api/v2/search?locations=country:US&sort=name&limit=100')).body.data as Json[];
    const [a, b] = page;
    let previous: { id: number; of: number } | null = null;
    for (const p of page) {
      const details = (await s.json<Json>(`/api/v2/canonical_places/${p.id}`)).body.data;
      if (details.previous_ids.length) {
        previous = { id: details.previous_ids[0], of: p.id };
        break;
      }
    }
    expect(previous).not.toBeNull();
    const ids = [b.id, 999_999_999_999, a.id, b.id, ...(previous ? [previous.id] : [])];
    const res = await s.json<Json>(`/api/v2/canonical_places?ids=${ids.join(',')}`);
    expect(res.status).toBe(200);
    conforms(res.body, 'PlacesByIdsResponse');
    const data = res.body.data as (Json | null)[];
    expect(data.map((p) => p?.id ?? null)).toEqual([b.id, null, a.id, b.id, ...(previous ? [previous.of] : [])]);
    expect(data[2]).toEqual(a);
    expect(data[0]).not.toHaveProperty('distance');
  });

  it('answers null for a place outside the account’s tag scope, as details answer 404', async () => {
    const tourism = s.orgClients['org-lakeside-tourism'];
    const outside = ((await s.json<Json>('/api/v2/search?locations=country:US&tags=rv-dealers&limit=1')).body.data as Json[])[0];
    const inside = ((await s.json<Json>('/api/v2/search?locations=country:US&limit=1', tourism)).body.data as Json[])[0];
    expect((await s.json<Json>(`/api/v2/canonical_places/${outside.id}`, tourism)).status).toBe(404);
    const res = await s.json<Json>(`/api/v2/canonical_places?ids=${outside.id},${inside.id}`, tourism);
    expect(res.body.data.map((p: Json | null) => p?.id ?? null)).toEqual([null, inside.id]);
  });

  it.each([
    ['no ids', ''],
    ['an empty list', '?ids='],
    ['101 ids', `?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`],
    ['a zero', '?ids=1,0'],
    ['a word', '?ids=1,two'],
    ['ids twice', '?ids=1&ids=2'],
  ])('refuses %s with 400 naming ids', async (_label, query) => {
    const res = await s.json<Json>(`/api/v2/canonical_places${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_parameter', parameter: 'ids' });
    conforms(res.body, 'Error');
  });

  it('refuses any other parameter, naming it', async () => {
    const res = await s.json<Json>('/api/v2/canonical_places?ids=1&limit=5');
    expect(res.status).toBe(400);
    expect(res.body.error.parameter).toBe('limit');
  });

  it('costs one request of the client’s budget for 100 places', async () => {
    const ids = ((await s.json<Json>('/api/v2/search?locations=country:US&sort=name&limit=50', s.publicClient)).body.data as Json[]).map((p) => p.id);
    const limiter = s.app.context.limits.limiter(perMinuteRule('place-api', 30_000, s.app.context.config.placesRateBurstSeconds));
    const before = (await limiter.get(s.publicClient.client_id))?.consumed ?? 0;
    const res = await s.json<Json>(`/api/v2/canonical_places?ids=${[...ids, ...ids].join(',')}`, s.publicClient);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(ids.length * 2);
    expect((await limiter.get(s.publicClient.client_id))!.consumed - before).toBe(1);
  });
});
