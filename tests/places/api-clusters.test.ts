import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const SEARCH = 'center=-98,39&radius=500000';
const US = 'bbox=-110,30,-86,48&zoom=4';

function conforms(body: unknown, schema: string) {
  expect(validate(body, { $ref: `#/components/schemas/${schema}` }, doc).slice(0, 5)).toEqual([]);
}

const sumOf = (body: Json) => body.data.clusters.reduce((n: number, c: Json) => n + c.count, 0) + body.data.places.length;

describe('GET /api/v2/search/clusters', () => {
  it('adds up to the total of the same search cut to the viewport', async () => {
    const { status, body } = await s.json<Json>(`/api/v2/search/clusters?${SEARCH}&${US}`);
    expect(status).toBe(200);
    conforms(body, 'ClusterResponse');
    const search = (await s.json<Json>(`/api/v2/search?${SEARCH}&north=48&south=30&east=-86&west=-110&limit=1`)).body;
    expect(body.meta.total).toBe(search.meta.total);
    expect(sumOf(body)).toBe(search.meta.total);
    expect(body.data.clusters.length).toBeGreaterThan(0);
  });

  it('keeps every filter and the account’s tag scope, as search does', async () => {
    const tourism = s.orgClients['org-lakeside-tourism'];
    for (const [extra, client] of [['&tags=restaurants', undefined], ['&tags=!restaurants&min_fidelity=3', undefined], ['', tourism]] as const) {
      const clusters = (await s.json<Json>(`/api/v2/search/clusters?${SEARCH}${extra}&${US}`, client)).body;
      const search = (await s.json<Json>(`/api/v2/search?${SEARCH}${extra}&north=48&south=30&east=-86&west=-110&limit=1`, client)).body;
      expect(sumOf(clusters)).toBe(search.meta.total);
    }
  });

  it('returns the places themselves at high zoom, with their names', async () => {
    const near = (await s.json<Json>(`/api/v2/search?center=-73.9857,40.7484&radius=3000&limit=1`)).body.data[0];
    const [lon, lat] = [near.locations[0].longitude, near.locations[0].latitude];
    const bbox = `bbox=${lon - 0.005},${lat - 0.005},${lon + 0.005},${lat + 0.005}&zoom=17`;
    const { body } = await s.json<Json>(`/api/v2/search/clusters?center=-73.9857,40.7484&radius=3000&${bbox}`);
    conforms(body, 'ClusterResponse');
    expect(body.data.clusters).toEqual([]);
    expect(body.data.places.find((p: Json) => p.id === near.id)).toMatchObject({ name: near.name, longitude: lon, latitude: lat });
  });

  it('takes a viewport across the antimeridian', async () => {
    const { status, body } = await s.json<Json>('/api/v2/search/clusters?center=179.5,-17&radius=500000&bbox=170,-25,-170,-10&zoom=4');
    expect(status).toBe(200);
    const east = (await s.json<Json>('/api/v2/search?center=179.5,-17&radius=500000&north=-10&south=-25&east=180&west=170&limit=1')).body.meta.total;
    const west = (await s.json<Json>('/api/v2/search?center=179.5,-17&radius=500000&north=-10&south=-25&east=-170&west=-180&limit=1')).body.meta.total;
    const both = (await s.json<Json>('/api/v2/search?center=179.5,-17&radius=500000&north=-10&south=-25&east=-170&west=170&limit=1')).body.meta.total;
    expect(sumOf(body)).toBe(both);
    expect(both).toBeLessThanOrEqual(east + west);
  });

  it.each([
    [`${SEARCH}&zoom=4`, 'bbox'],
    [`${SEARCH}&bbox=-110,30,-86&zoom=4`, 'bbox'],
    [`${SEARCH}&bbox=-110,30,-86,48,1&zoom=4`, 'bbox'],
    [`${SEARCH}&bbox=-181,30,-86,48&zoom=4`, 'bbox'],
    [`${SEARCH}&bbox=-110,48,-86,30&zoom=4`, 'bbox'],
    [`${SEARCH}&bbox=-110,30,-86,91&zoom=4`, 'bbox'],
    [`${SEARCH}&bbox=a,b,c,d&zoom=4`, 'bbox'],
    [`${SEARCH}&bbox=-110,30,-86,48&bbox=-110,30,-86,48&zoom=4`, 'bbox'],
    [`${SEARCH}&bbox=-110,30,-86,48`, 'zoom'],
    [`${SEARCH}&bbox=-110,30,-86,48&zoom=-1`, 'zoom'],
    [`${SEARCH}&bbox=-110,30,-86,48&zoom=23`, 'zoom'],
    [`${SEARCH}&bbox=-110,30,-86,48&zoom=NaN`, 'zoom'],
    // Too large a box for the zoom: 24 degrees at zoom 12 is about 70,000 pixels.
    [`${SEARCH}&bbox=-110,30,-86,48&zoom=12`, 'bbox'],
    // The page's parameters are checked as in a search, then ignored.
    [`${SEARCH}&limit=abc&${US}`, 'limit'],
    [`${SEARCH}&limit=1&limit=2&${US}`, 'limit'],
    [`${SEARCH}&limit=101&${US}`, 'limit'],
    [`${SEARCH}&offset=10001&${US}`, 'offset'],
    [`radius=1000&${US}`, 'center'],
    [`${SEARCH}&tags=no-such-tag&${US}`, 'tags'],
    [`${SEARCH}&nope=1&${US}`, 'nope'],
  ])('refuses %s with 400 and the error shape', async (query, parameter) => {
    const { status, body } = await s.json<Json>(`/api/v2/search/clusters?${query}`);
    expect({ query, status }).toEqual({ query, status: 400 });
    expect(body.error).toMatchObject({ code: 'invalid_parameter', parameter });
    conforms(body, 'Error');
  });

  it('answers any bbox and zoom with 200 or a 400 in the error shape, never a 500', async () => {
    const num = fc.oneof(fc.double({ noNaN: false }).map(String), fc.integer({ min: -400, max: 400 }).map(String), fc.constantFrom('', '-', '1e400', '0x10', ' 5', 'NaN'));
    await fc.assert(
      fc.asyncProperty(fc.array(num, { minLength: 0, maxLength: 5 }), num, async (parts, zoom) => {
        const { status, body } = await s.json<Json>(`/api/v2/search/clusters?${SEARCH}&bbox=${encodeURIComponent(parts.join(','))}&zoom=${encodeURIComponent(zoom)}`);
        expect([200, 400]).toContain(status);
        if (status === 400) conforms(body, 'Error');
        else expect(sumOf(body)).toBe(body.meta.total);
      }),
      { numRuns: 150 },
    );
  });

  it('is signed like every call', async () => {
    const res = await fetch(`${s.url}/api/v2/search/clusters?${SEARCH}&${US}`);
    expect(res.status).toBe(401);
  });
});
