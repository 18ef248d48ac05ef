import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListSearchResponse, SearchResponse } from '@/lib/explorer/types';
import { listSearchResponseSchema, placeListItemSchema, type PlaceSummary } from '@/lib/places/contract';
import { forgetConfig } from '@/lib/config/runtime';
import { prefetchExplorer } from '@/lib/places-client/prefetch';
import { PlacesApiError, placesGet } from '@/lib/places-client/client';
import { resolvePlacesCredentials } from '@/lib/places-client/credentials';
import { fetchPlaceLists } from '@/lib/places-client/lists';
import { searchPlaces, toListResponse } from '@/lib/places-client/search';
import { clusterPlaces } from '@/lib/places-client/clusters';
import * as placeRoute from '@/app/api/places/[id]/route';
import { encodeRoute } from '@/lib/places/route/polyline';
import { startApiServer } from '../support/test-server';

type App = Awaited<ReturnType<typeof startApiServer>>;
let app: App;
const request = { headers: new Headers() };

beforeAll(async () => {
  app = await startApiServer();
  process.env.PLACES_API_URL = app.url;
  delete process.env.PLACES_API_CLIENT_ID;
  delete process.env.PLACES_API_SECRET_KEY;
  forgetConfig();
}, 120_000);

afterAll(async () => {
  delete process.env.PLACES_API_URL;
  forgetConfig();
  // fetch keeps sockets alive; without dropping them, server.close() waits for the 65 s keep-alive timeout.
  const closing = app?.close();
  app?.server.closeAllConnections();
  await closing;
});

describe('the signed Place API client', () => {
  it('uses the public demo client from DATA_DIR and gets real results', async () => {
    const credentials = await resolvePlacesCredentials(request);
    expect(credentials).toMatchObject({ organizationId: null });
    const result = await placesGet<SearchResponse>('search?center=-104.99%2C39.74&limit=5&radius=500000', credentials);
    expect(result.meta.total).toBeGreaterThan(0);
    expect(result.data.length).toBeLessThanOrEqual(5);
  });

  it('prefers PLACES_API_CLIENT_ID and PLACES_API_SECRET_KEY from the environment', async () => {
    process.env.PLACES_API_CLIENT_ID = 'someone';
    process.env.PLACES_API_SECRET_KEY = 'not-the-secret';
    forgetConfig();
    try {
      const credentials = await resolvePlacesCredentials(request);
      expect(credentials).toEqual({ clientId: 'someone', secretKey: 'not-the-secret', organizationId: null });
      // A refused signature is the app's configuration problem, shown as a bad gateway, not as the visitor's fault.
      await expect(placesGet('tags', credentials)).rejects.toMatchObject({ status: 502, code: 'upstream_unauthorized' });
    } finally {
      delete process.env.PLACES_API_CLIENT_ID;
      delete process.env.PLACES_API_SECRET_KEY;
      forgetConfig();
    }
  });

  it('asks for the clusters of a search, signed, and they add up to its total in the view', async () => {
    const credentials = await resolvePlacesCredentials(request);
    const search = new URLSearchParams('center=-104.99,39.74&radius=200000&tags=restaurants&limit=20&offset=0&sort=distance');
    const clusters = await clusterPlaces(new URLSearchParams([...search, ['bbox', '-110,35,-100,44'], ['zoom', '5']]), credentials);
    const total = (await searchPlaces(search, credentials)).meta.total;
    expect(clusters.meta.total).toBe(total);
    expect(clusters.data.clusters.reduce((n, c) => n + c.count, 0) + clusters.data.places.length).toBe(total);
    await expect(clusterPlaces(new URLSearchParams([...search, ['bbox', '-110,35,-100'], ['zoom', '5']]), credentials)).rejects.toMatchObject({ status: 400, parameter: 'bbox' });
    await expect(clusterPlaces(new URLSearchParams([...search, ['bbox', '-110,35,-100,44'], ['zoom', '30']]), credentials)).rejects.toMatchObject({ status: 400, parameter: 'zoom' });
  });

  it('refuses what the Place API would refuse before signing: blank, hexadecimal and repeated values, unknown names', async () => {
    const credentials = await resolvePlacesCredentials(request);
    const search = 'center=-104.99,39.74&radius=20000';
    const view = '&bbox=-110,35,-100,44&zoom=5';
    const cases: [string, string][] = [
      [`${search}&offset=`, 'offset'],
      [`${search}&limit=%20`, 'limit'],
      ['center=-104.99,39.74&radius=0x10', 'radius'],
      ['center=-104.99,39.74&radius=1e3', 'radius'],
      [`${search}&north=&south=-10&east=-100&west=-110`, 'north'],
      [`${search}&limit=1&limit=100`, 'limit'],
      [`${search}&__proto__=x`, '__proto__'],
    ];
    for (const [query, parameter] of cases) {
      await expect(searchPlaces(new URLSearchParams(query), credentials), query).rejects.toMatchObject({ status: 400, code: 'invalid_parameter', parameter });
      await expect(clusterPlaces(new URLSearchParams(query + view), credentials), query).rejects.toMatchObject({ status: 400, code: 'invalid_parameter', parameter });
    }
    for (const zoom of ['', '%20', '0x4']) {
      await expect(clusterPlaces(new URLSearchParams(`${search}&bbox=-110,35,-100,44&zoom=${zoom}`), credentials), zoom).rejects.toMatchObject({ status: 400, parameter: 'zoom' });
    }
    await expect(clusterPlaces(new URLSearchParams(`${search}&bbox=-110,35,-100,44&zoom=5&zoom=6`), credentials)).rejects.toMatchObject({ status: 400, parameter: 'zoom' });
    // The notations the API reads are read here too, and passed on in one canonical form.
    const plain = await searchPlaces(new URLSearchParams(search), credentials);
    const written = await searchPlaces(new URLSearchParams('center=-104.99,3.974e1&radius=20000'), credentials);
    expect(written.meta.total).toBe(plain.meta.total);
  });

  it('refuses a place id the Place API would refuse before asking it (zero and leading zeros too)', async () => {
    for (const id of ['0', '012', '-1', '1e3', 'abc', '1'.repeat(16)]) {
      const response = await placeRoute.GET(new Request(`${app.url}/api/places/${id}`), { params: Promise.resolve({ id }) });
      expect(response.status, id).toBe(400);
      expect((await response.json()).error, id).toMatchObject({ code: 'invalid_parameter', parameter: 'id' });
    }
  });

  it('passes the API’s own refusals through with their code and parameter', async () => {
    const credentials = await resolvePlacesCredentials(request);
    const error = await placesGet('search?center=0%2C0&radius=10&tags=no-such-tag', credentials).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlacesApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_parameter', parameter: 'tags' });
  });

  it('passes a search along a route through: route, route_buffer, sort=route and the filters', async () => {
    const credentials = await resolvePlacesCredentials(request);
    const route = encodeRoute([{ lon: -73.9857, lat: 40.7484 }, { lon: -75.1652, lat: 39.9526 }, { lon: -77.0369, lat: 38.9072 }]);
    const query = new URLSearchParams({ route, route_buffer: '30000', sort: 'route', tags: '!campgrounds', limit: '20' });
    const result = await searchPlaces(query, credentials);
    expect(result.meta.total).toBeGreaterThan(0);
    const offsets = result.data.map((p) => p.route_offset!);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    for (const p of result.data) expect(p.route_distance).toBeLessThanOrEqual(30000);
    const refused = await searchPlaces(new URLSearchParams({ route: '_p~iF~ps|U_' }), credentials).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 400, code: 'invalid_parameter', parameter: 'route' });
  });

  it('answers the Explorer only what its lists and map read, each field as the Place API gave it', async () => {
    const credentials = await resolvePlacesCredentials(request);
    const route = encodeRoute([{ lon: -73.9857, lat: 40.7484 }, { lon: -77.0369, lat: 38.9072 }]);
    for (const query of ['center=-104.99%2C39.74&radius=300000&limit=20&sort=distance', 'center=-104.99%2C39.74&radius=500000&north=42&south=37&east=-100&west=-110&limit=50&sort=rating', 'name=grocery&limit=10', `route=${encodeURIComponent(route)}&route_buffer=20000&limit=20`]) {
      const full = await placesGet<SearchResponse>(`search?${query}`, credentials);
      const list = await searchPlaces(new URLSearchParams(query), credentials);
      expect(full.data.length, query).toBeGreaterThan(0);
      expect(listSearchResponseSchema.parse(list), query).toEqual(list);
      expect(list.meta).toEqual(full.meta);
      expect(list.data.map((p) => p.id)).toEqual(full.data.map((p) => p.id));
      list.data.forEach((item, i) => {
        for (const [field, value] of Object.entries(item)) expect(value, `${query} ${field}`).toEqual(full.data[i][field as keyof PlaceSummary]);
        // The optional measures are kept exactly when the search made them.
        for (const field of ['distance', 'route_offset', 'route_distance'] as const) expect(field in item, field).toBe(full.data[i][field] !== undefined);
      });
    }
    expect(toListResponse({ data: [], meta: { total: 0 } })).toEqual({ data: [], meta: { total: 0 } });
  });

  it('puts the list form in the first HTML: the prefetched search carries no detail-only field', async () => {
    const { dehydrated } = await prefetchExplorer(new URLSearchParams('center=-104.99,39.74&radius=300000'), request);
    const search = dehydrated.queries.find((q) => q.queryKey[2] === 'search')!;
    const data = (search.state.data as ListSearchResponse).data;
    expect(data.length).toBeGreaterThan(0);
    for (const item of data) expect(Object.keys(item).every((k) => k in placeListItemSchema.shape), Object.keys(item).join()).toBe(true);
    expect(JSON.stringify(data)).not.toContain('"description"');
  });

  it('reports an unreachable Place API as 502', async () => {
    // A listener of this test's own that hangs up on every connection: no port is borrowed from the machine.
    const hangUp = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => hangUp.listen(0, '127.0.0.1', resolve));
    process.env.PLACES_API_URL = `http://127.0.0.1:${(hangUp.address() as net.AddressInfo).port}`;
    forgetConfig();
    try {
      const credentials = await resolvePlacesCredentials(request);
      await expect(placesGet('tags', credentials)).rejects.toMatchObject({ status: 502, code: 'upstream_unavailable' });
    } finally {
      process.env.PLACES_API_URL = app.url;
      forgetConfig();
      await new Promise<void>((resolve) => hangUp.close(() => resolve()));
    }
  });

  it('lists tags and chains, and treats a 403 on RV lists as "not available"', async () => {
    const lists = await fetchPlaceLists(await resolvePlacesCredentials(request));
    expect(lists.tags.length).toBeGreaterThan(5);
    expect(lists.tags[0]).toHaveProperty('public_id');
    expect(lists.chains.length).toBeGreaterThan(0);
    expect(lists.rv).toBeNull();
  });
});
