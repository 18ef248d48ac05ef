// One contract for every road engine: the same imports and routes against each engine of support/engines.ts, the
// real OSM ways around Gothenburg held to geojson-path-finder's own answers (see support/gothenburg.ts: © OpenStreetMap
// contributors, ODbL), and tiny made-up networks for the rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LonLat } from '@/lib/roads/edge';
import { lineMeters } from '@/lib/roads/geometry';
import { geojsonSource } from '@/lib/roads/import/geojson-source';
import { importRoads } from '@/lib/roads/import/import-roads';
import { mayUse } from '@/lib/roads/restrictions';
import type { RoadRoute, RoadRouter, RouteAnswer } from '@/lib/roads/router/types';
import type { RoadStore } from '@/lib/roads/store/types';
import { PRESET_VEHICLES, type Vehicle } from '@/lib/roads/vehicle';
import { importLines, type Line, road, ROAD_ENGINES } from './support/engines';
import { GOTHENBURG_FILE, gothenburgLines, gothenburgOracle, gothenburgPairs, type OracleRoute } from './support/gothenburg';

const { car, van } = PRESET_VEHICLES;
const classA = PRESET_VEHICLES['class-a'];

function routed(answer: RouteAnswer): RoadRoute {
  if (answer.kind !== 'route') throw new Error(`expected a route, got ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

// A road from A to D whose middle stretch, B to C, is the only way across (a low bridge, say).
const A: LonLat = [10, 50];
const B: LonLat = [10.01, 50];
const C: LonLat = [10.02, 50];
const D: LonLat = [10.03, 50];
const across = (middle: Record<string, string>): Line[] => [
  road({ name: 'West Road' }, A, B),
  road({ name: 'Bridge Road', highway: 'primary', ...middle }, B, C),
  road({ name: 'East Road' }, C, D),
];
const detour = road({ name: 'Detour Lane', highway: 'tertiary' }, B, [10.015, 50.01], C);

/**
 * The lines and the car's oracle, built once for every engine and in a hook, not while the file's tests are collected:
 * three engines' worth in one stretch held the worker's thread for 29 s here, which a loaded machine stretched past
 * the 60 s vitest gives a worker to answer (issue 48's "Timeout calling onTaskUpdate").
 */
let gothenburg: { lines: ReturnType<typeof gothenburgLines>; oracle: ReturnType<typeof gothenburgOracle> } | null = null;
function gothenburgCarOracle() {
  if (!gothenburg) {
    const lines = gothenburgLines();
    gothenburg = { lines, oracle: gothenburgOracle(lines, car) };
  }
  return gothenburg;
}

describe.each(ROAD_ENGINES)('road engine: $name', (engine) => {
  let store: RoadStore;
  let router: RoadRouter;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ store, router, close } = await engine.open());
  });
  afterAll(() => close?.());

  it('says so when no network has been imported', async () => {
    expect(await store.current()).toBeNull();
    expect(await router.route(A, D, car)).toEqual({ kind: 'none', reason: 'no-network', message: 'No road network has been imported' });
  });

  it('records the imported network and routes along it', async () => {
    const summary = await importLines(store, 'Across', [...across({ maxheight: '3,0' })]);
    expect(await store.current()).toMatchObject({ name: 'Across', source: 'GeoJSON Across.geojson', generated: false, edgeCount: 3, nodeCount: 4, unreadable: { maxheight: 1 } });
    expect(summary.unreadable.examples).toEqual({ maxheight: ['3,0'] });
    const route = routed(await router.route(A, D, car));
    expect(route.distance_m).toBeCloseTo(lineMeters([A, B, C, D]), 6);
    expect(route.duration_s).toBeCloseTo((lineMeters([A, B]) * 3.6) / 30 + (lineMeters([B, C]) * 3.6) / 80 + (lineMeters([C, D]) * 3.6) / 30, 6);
    expect(route.coordinates).toEqual([A, B, C, D]);
    expect(route.roadsUsed.map((r) => r.name)).toEqual(['West Road', 'Bridge Road', 'East Road']);
    expect(route.restrictionsAvoided).toEqual([]);
  });

  it('starts and ends where the points meet the nearest road, part way along it', async () => {
    await importLines(store, 'Across', across({}));
    const route = routed(await router.route([10.005, 50.001], [10.025, 49.999], car));
    expect(route.snapped.from.point[0]).toBeCloseTo(10.005, 9);
    expect(route.snapped.from.distance_m).toBeCloseTo(111.2, 0);
    expect(route.distance_m).toBeCloseTo(lineMeters([[10.005, 50], [10.025, 50]]), 3);
    expect(route.coordinates[0][0]).toBeCloseTo(10.005, 9);
    expect(route.coordinates.at(-1)![0]).toBeCloseTo(10.025, 9);
  });

  it('routes around a road the rig may not use, and says which and where', async () => {
    await importLines(store, 'Detour', [...across({ maxheight: '3.6' }), detour]);
    const straight = routed(await router.route(A, D, car));
    expect(straight.roadsUsed.map((r) => r.name)).toEqual(['West Road', 'Bridge Road', 'East Road']);
    const around = routed(await router.route(A, D, classA));
    expect(around.roadsUsed.map((r) => r.name)).toEqual(['West Road', 'Detour Lane', 'East Road']);
    expect(around.distance_m).toBeGreaterThan(straight.distance_m);
    // Issue 49: what the way around costs over the fastest road, which the car takes.
    expect(straight.detour).toBeUndefined();
    expect(around.detour!.extraMeters).toBeCloseTo(around.distance_m - straight.distance_m, 3);
    expect(around.detour!.extraSeconds).toBeGreaterThan(0);
    expect(around.restrictionsAvoided).toEqual([
      { kind: 'height', sentence: 'Clearance 3.6 m, your rig is 3.9 m high', figures: { limit: 3.6, actual: 3.9 }, where: [10.015, 50], edge: expect.objectContaining({ name: 'Bridge Road', highway: 'primary' }) },
    ]);
    // Just under and just over the limit.
    expect(routed(await router.route(A, D, { ...classA, heightM: 3.6 })).roadsUsed[1].name).toBe('Bridge Road');
    expect(routed(await router.route(A, D, { ...classA, heightM: 3.61 })).roadsUsed[1].name).toBe('Detour Lane');
  });

  it('refuses when the only way is restricted: why and where, and the route that ignores it, marked as such', async () => {
    await importLines(store, 'Across', across({ maxheight: '3.0' }));
    const answer = await router.route(A, D, classA);
    expect(answer.kind).toBe('refused');
    if (answer.kind !== 'refused') return;
    expect(answer.refused).toEqual([
      { kind: 'height', sentence: 'Clearance 3 m, your rig is 3.9 m high', figures: { limit: 3, actual: 3.9 }, where: [10.015, 50], edge: expect.objectContaining({ name: 'Bridge Road' }) },
    ]);
    expect(answer.ignoringRestrictions).toMatchObject({ kind: 'route', ignoresRestrictions: true, coordinates: [A, B, C, D] });
    expect(answer.ignoringRestrictions.distance_m).toBeCloseTo(lineMeters([A, B, C, D]), 6);
  });

  it.each([
    [{ hgv: 'no' }, classA, van, 'No vehicles over 3.5 t (hgv=no), your rig weighs 13 t'],
    [{ maxweight: '7.5 st' }, classA, van, 'Weight limit 6.8 t, your rig weighs 13 t'],
    [{ tunnel: 'yes', hazmat: 'no' }, classA, { ...classA, carryingPropane: false }, 'No hazardous goods (hazmat=no), your rig carries propane'],
    [{ tunnel: 'yes', 'hazmat:adr_tunnel_cat': 'E' }, van, car, 'Tunnel category E closed to propane, your rig carries propane'],
    [{ access: 'private' }, car, car, 'Private road (access=private)'],
  ] as [Record<string, string>, Vehicle, Vehicle, string][])('%j refuses one rig and lets the other through', async (tags, refused, allowed, sentence) => {
    await importLines(store, 'Across', across(tags));
    const answer = await router.route(A, D, refused);
    expect(answer.kind).toBe('refused');
    if (answer.kind === 'refused') expect(answer.refused.map((r) => r.sentence)).toEqual([sentence]);
    if (tags.access !== 'private') expect((await router.route(A, D, allowed)).kind).toBe('route');
  });

  it('drives one-way streets one way only', async () => {
    const [P, Q, R]: LonLat[] = [[10, 50], [10.01, 50], [10.005, 50.005]];
    await importLines(store, 'One way', [road({ name: 'One Way Street', oneway: 'yes' }, P, Q), road({ name: 'Back Lane' }, P, R, Q)]);
    expect(routed(await router.route(P, Q, car)).roadsUsed.map((r) => r.name)).toEqual(['One Way Street']);
    expect(routed(await router.route(Q, P, car)).roadsUsed.map((r) => r.name)).toEqual(['Back Lane']);
    await importLines(store, 'One way back', [road({ name: 'One Way Street', oneway: '-1' }, P, Q), road({ name: 'Back Lane' }, P, R, Q)]);
    expect(routed(await router.route(Q, P, car)).roadsUsed.map((r) => r.name)).toEqual(['One Way Street']);
    expect(routed(await router.route(P, Q, car)).roadsUsed.map((r) => r.name)).toEqual(['Back Lane']);
  });

  it('drives a one-way street the right way when both ends lie on it', async () => {
    const [P, Q]: LonLat[] = [[10, 50], [10.02, 50]];
    await importLines(store, 'One way', [road({ oneway: 'yes' }, P, Q), road({}, P, [10.01, 50.01], Q)]);
    expect(routed(await router.route([10.005, 50], [10.015, 50], car)).distance_m).toBeCloseTo(lineMeters([[10.005, 50], [10.015, 50]]), 3);
    expect(routed(await router.route([10.015, 50], [10.005, 50], car)).distance_m).toBeGreaterThan(2000);
  });

  it('says when an end is off the network or no road joins the two', async () => {
    await importLines(store, 'Islands', [...across({}), road({ name: 'Island Road' }, [10.06, 50], [10.07, 50])]);
    expect(await router.route([11, 50], D, car)).toMatchObject({ kind: 'none', reason: 'start-off-road', message: 'The start is more than 5 km from any road of the network' });
    expect(await router.route(A, [11, 50], car)).toMatchObject({ kind: 'none', reason: 'end-off-road' });
    expect(await router.route(A, [10.065, 50], car)).toMatchObject({ kind: 'none', reason: 'unreachable', message: 'No road joins the start to the destination' });
  });

  it('replaces the network on a new import, and a failed one leaves the previous one answering', async () => {
    await importLines(store, 'First', across({}));
    const first = await store.current();
    expect(routed(await router.route(A, D, car)).roadsUsed[0].name).toBe('West Road');
    await importLines(store, 'Second', [road({ name: 'New Road' }, A, D)]);
    expect(await store.current()).toMatchObject({ name: 'Second', edgeCount: 1 });
    expect(routed(await router.route(A, D, car)).roadsUsed.map((r) => r.name)).toEqual(['New Road']);

    const second = await store.current();
    const broken = { ...(await store.load())!.edges.get(0), highway: null as never };
    await expect(store.replace({ ...first!, name: 'Broken' }, [{ nodes: [], edges: [broken] }])).rejects.toThrow();
    expect(await store.current()).toEqual(second);
    await expect(importLines(store, 'Footways', [road({ highway: 'footway' }, A, D)])).rejects.toThrow(
      'Footways.geojson has no roads a vehicle drives (highway=motorway down to service, as lines) among its 1 lines: nothing changed',
    );
    expect(await store.current()).toEqual(second);
    expect(routed(await router.route(A, D, car)).roadsUsed.map((r) => r.name)).toEqual(['New Road']);
  });

  describe('on the OSM ways around Gothenburg', () => {
    let lines: ReturnType<typeof gothenburgLines>;
    let oracle: ReturnType<typeof gothenburgOracle>;

    beforeAll(async () => {
      ({ lines, oracle } = gothenburgCarOracle());
      await importRoads(store, geojsonSource(GOTHENBURG_FILE, false), GOTHENBURG_FILE, { name: 'Gothenburg' });
    });

    it('finds the routes geojson-path-finder finds, as fast and as long', async () => {
      let compared = 0;
      for (const [from, to] of gothenburgPairs(lines, 40)) {
        const answer = await router.route(from, to, car);
        let expected = oracle.route(from, to);
        const agrees = (route: RoadRoute, oracleRoute: OracleRoute) => Math.abs(route.duration_s - oracleRoute.seconds) < 1e-4;
        if (answer.kind === 'route' && (!expected || !agrees(answer, expected))) expected = oracle.uncompacted(from, to);
        if (!expected) {
          expect(answer.kind).not.toBe('route');
          continue;
        }
        const route = routed(answer);
        expect(route.duration_s).toBeCloseTo(expected.seconds, 4);
        expect(Math.abs(route.distance_m - lineMeters(expected.coordinates))).toBeLessThan(1 + route.distance_m * 1e-4);
        compared++;
      }
      expect(compared).toBeGreaterThan(25);
    }, 180_000);

    it('keeps a tall rig off a low clearance a car drives under', async () => {
      const network = (await store.load())!;
      const low = network.edges.toArray().filter((e) => e.maxheightM !== null && e.maxheightM < classA.heightM && mayUse(e, car) && e.oneway === 'both' && e.lengthM > 10);
      expect(low.length).toBeGreaterThan(5);
      let avoided = 0;
      for (const edge of low) {
        const [from, to] = [edge.geometry[0], edge.geometry.at(-1)!];
        const byCar = routed(await router.route(from, to, car));
        const answer = await router.route(from, to, classA);
        const rigRoute = answer.kind === 'route' ? answer : answer.kind === 'refused' ? null : routed(answer);
        if (rigRoute) expect(rigRoute.edgeIds).not.toContain(edge.id);
        else if (answer.kind === 'refused') expect(answer.refused.map((r) => r.kind)).toContain('height');
        if (byCar.edgeIds.includes(edge.id) && rigRoute) {
          expect(rigRoute.restrictionsAvoided.map((r) => r.edge.id)).toContain(edge.id);
          avoided++;
        }
      }
      expect(avoided).toBeGreaterThan(0);
    }, 180_000);
  });
});
