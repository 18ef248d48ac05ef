// Search along a route through the HTTP API: the parameters, their limits and errors, and the fields of the hits.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRoute } from '@/lib/places/route/polyline';
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

/** New York to Philadelphia to Washington, about 320 km through a dense part of the dataset. */
const EAST_COAST = encodeURIComponent(encodeRoute([{ lon: -73.9857, lat: 40.7484 }, { lon: -75.1652, lat: 39.9526 }, { lon: -77.0369, lat: 38.9072 }]));
const route = (points: [number, number][]) => encodeURIComponent(encodeRoute(points.map(([lon, lat]) => ({ lon, lat }))));

function conforms(body: unknown, schema: string) {
  expect(validate(body, { $ref: `#/components/schemas/${schema}` }, doc).slice(0, 5)).toEqual([]);
}

describe('GET /api/v2/search with a route', () => {
  it.each([
    ['route=', 'route'],
    ['route=abc%20def', 'route'],
    ['route=_p~iF~ps|U_ulL', 'route'],
    ['route=_p~iF~ps|U_', 'route'],
    [`route=${route([[0, 0]])}`, 'route'],
    [`route=${encodeURIComponent(encodeRoute([{ lon: 0, lat: 91 }, { lon: 1, lat: 0 }]))}`, 'route'],
    [`route=${encodeURIComponent(encodeRoute([{ lon: 181, lat: 0 }, { lon: 1, lat: 0 }]))}`, 'route'],
    [`route=${route(Array.from({ length: 1001 }, (_, i) => [i * 0.001, 0] as [number, number]))}`, 'route'],
    [`route=${route([[0, 0], [0, 60], [60, 60], [60, -30]])}`, 'route'],
    [`route=${EAST_COAST}&route=${EAST_COAST}`, 'route'],
    [`route=${EAST_COAST}&route_buffer=0`, 'route_buffer'],
    [`route=${EAST_COAST}&route_buffer=50001`, 'route_buffer'],
    [`route=${EAST_COAST}&route_buffer=1.5`, 'route_buffer'],
    ['route_buffer=1000&center=0,0&radius=1000', 'route'],
    ['center=0,0&radius=1000&sort=route', 'sort'],
    [`route=${EAST_COAST}&sort=distance`, 'sort'],
    [`route=${EAST_COAST}&radius=1000`, 'center'],
  ])('%s -> 400 naming %s', async (query, parameter) => {
    const { status, body } = await s.json<Json>(`/api/v2/search?${query}`);
    expect({ query, status }).toEqual({ query, status: 400 });
    expect(body.error).toMatchObject({ code: 'invalid_parameter', parameter });
    expect(body.error.message).toMatch(new RegExp(`^${parameter}[ =]`));
    conforms(body, 'Error');
  });

  it('says what is wrong with a route', async () => {
    const message = async (q: string) => (await s.json<Json>(`/api/v2/search?${q}`)).body.error.message as string;
    expect(await message('route=_p~iF~ps|U_')).toMatch(/cut off/);
    expect(await message('route=abc%20def')).toMatch(/character 4/);
    expect(await message(`route=${route([[0, 0], [0, 60], [60, 60], [60, -30]])}`)).toMatch(/at most 10000 km/);
    expect(await message(`route=${route(Array.from({ length: 1001 }, (_, i) => [i * 0.001, 0] as [number, number]))}`)).toMatch(/at most 1000 points/);
  });

  it.each([
    `route=${EAST_COAST}`,
    `route=${EAST_COAST}&route_buffer=1`,
    `route=${EAST_COAST}&route_buffer=50000&limit=100`,
    `route=${EAST_COAST}&center=-75.1652,39.9526&radius=50000`,
    `route=${EAST_COAST}&center=-75.1652,39.9526&sort=distance`,
    `route=${EAST_COAST}&north=40.5&south=39&east=-74&west=-76`,
    `route=${EAST_COAST}&tags=restaurants,!campgrounds&min_fidelity=2&sort=rating`,
    `route=${EAST_COAST}&name=the&sort=name`,
    `route=${EAST_COAST}&rv_service_rental_available=true&sort=relevance`,
    `route=${EAST_COAST}&locations=country:US`,
    `route=${route([[179.5, 10], [-179.5, 11]])}`,
    `route=${route([[0, 89], [180, 89]])}`,
  ])('%s -> 200 conforming to the document', async (query) => {
    const { status, body } = await s.json<Json>(`/api/v2/search?${query}`);
    expect(status).toBe(200);
    conforms(body, 'SearchResponse');
  });

  it('orders by route_offset, then route_distance, with an exact total whatever the page', async () => {
    const a = (await s.json<Json>(`/api/v2/search?route=${EAST_COAST}&route_buffer=20000&limit=100`)).body;
    const b = (await s.json<Json>(`/api/v2/search?route=${EAST_COAST}&route_buffer=20000&limit=10&offset=25`)).body;
    expect(a.meta.total).toBeGreaterThan(35);
    expect(b.meta.total).toBe(a.meta.total);
    expect(b.data.map((p: Json) => p.id)).toEqual(a.data.slice(25, 35).map((p: Json) => p.id));
    const keys = a.data.map((p: Json) => [p.route_offset, p.route_distance]);
    expect(keys).toEqual([...keys].sort((x, y) => x[0] - y[0] || x[1] - y[1]));
    for (const p of a.data) {
      expect(p.route_distance).toBeLessThanOrEqual(20000);
      expect(p).not.toHaveProperty('distance');
    }
  });

  it('narrows with every filter: the tag split adds up, and a circle or a box cuts the corridor', async () => {
    const base = `/api/v2/search?route=${EAST_COAST}&route_buffer=15000`;
    const all = (await s.json<Json>(base)).body.meta.total;
    const inc = (await s.json<Json>(`${base}&tags=restaurants`)).body.meta.total;
    const exc = (await s.json<Json>(`${base}&tags=!restaurants`)).body.meta.total;
    expect(inc + exc).toBe(all);
    const circle = (await s.json<Json>(`${base}&center=-75.1652,39.9526&radius=30000&limit=100`)).body;
    expect(circle.meta.total).toBeLessThan(all);
    for (const p of circle.data) expect(p.distance).toBeLessThanOrEqual(30000);
    const box = (await s.json<Json>(`${base}&north=40.2&south=39.5&east=-74.5&west=-76&limit=100`)).body;
    expect(box.meta.total).toBeLessThan(all);
    for (const p of box.data) expect(p.locations[0].latitude).toBeLessThanOrEqual(40.2);
  });

  it('never answers 500, whatever the route and buffer', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), fc.string({ maxLength: 8 }), async (r, buffer) => {
        const res = await s.get(`/api/v2/search?route=${encodeURIComponent(r)}&route_buffer=${encodeURIComponent(buffer)}`);
        expect([200, 400]).toContain(res.status);
        await res.json();
      }),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: -90, max: 90, noNaN: true })), { minLength: 1, maxLength: 5 }), async (points) => {
        const res = await s.get(`/api/v2/search?route=${route(points)}&route_buffer=50000`);
        expect([200, 400]).toContain(res.status);
        await res.json();
      }),
      { numRuns: 40 },
    );
  });
});
