// The demo road network the seed generates between real towns (GeoNames, CC-BY 4.0): deterministic, labelled as
// generated, and carrying one restriction of each kind where the demo trips go.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '@/lib/places/dataset/cities';
import { DEMO_ROADS_NAME, seedDemoRoads } from '@/lib/roads/demo/demo-roads';
import { DEMO_RESTRICTIONS } from '@/lib/roads/demo/demo-restrictions';
import { demoTowns } from '@/lib/roads/demo/demo-towns';
import { demoWays } from '@/lib/roads/demo/demo-ways';
import type { LonLat } from '@/lib/roads/edge';
import { GraphRouter } from '@/lib/roads/router/graph-router';
import type { RoadRoute, RouteAnswer } from '@/lib/roads/router/types';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import { PRESET_VEHICLES, type Vehicle } from '@/lib/roads/vehicle';
import { importLines, road } from './support/engines';

const towns = demoTowns(loadGeography().cities);
const town = (name: string, state: string): LonLat => {
  const t = towns.find((c) => c.name === name && c.admin === state)!;
  return [t.lon, t.lat];
};
const DENVER = town('Denver', 'CO');
const MOAB = town('Moab', 'UT');

function routed(answer: RouteAnswer): RoadRoute {
  if (answer.kind !== 'route') throw new Error(`expected a route, got ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}
const roadNames = (route: RoadRoute) => route.roadsUsed.map((r) => r.name);

describe('demo roads', () => {
  let dir: string;
  let store: SqliteRoadStore;
  let router: GraphRouter;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-roads-'));
    store = SqliteRoadStore.open(path.join(dir, 'roads.sqlite'));
    router = new GraphRouter(store);
    await seedDemoRoads(store, new Date('2026-11-27T12:00:00Z'));
  }, 120_000);
  afterAll(async () => {
    await router.close();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is generated the same way every time', () => {
    const a = demoWays(towns);
    const b = demoWays(towns);
    expect(a.length).toBe(b.length);
    expect(JSON.stringify(a.slice(0, 50))).toBe(JSON.stringify(b.slice(0, 50)));
  });

  it('is labelled as generated', async () => {
    const network = await store.current();
    expect(network).toMatchObject({ name: DEMO_ROADS_NAME, generated: true, importedAt: '2026-11-27T12:00:00.000Z', unreadable: {} });
    expect(network!.source).toMatch(/generated/i);
    expect(network!.edgeCount).toBeGreaterThan(100_000);
  });

  it('sets each restriction on a short stretch of its own', () => {
    const names = new Set(demoWays(towns).map((w) => w.tags.name));
    for (const r of DEMO_RESTRICTIONS) expect([...names].filter((n) => n?.endsWith(`(${r.what})`))).toHaveLength(1);
  });

  it('takes a car from Denver to Moab over the low bridge, on roads longer than the great circle', async () => {
    const route = routed(await router.route(DENVER, MOAB, PRESET_VEHICLES.car));
    expect(roadNames(route)).toContain('Fruita–Moab Road (low bridge)');
    expect(route.restrictionsAvoided).toEqual([]);
    expect(route.distance_m / 1000).toBeGreaterThan(414);
    expect(route.distance_m / 1000).toBeLessThan(600);
  });

  it('passes a 3.5 m class C under the 3.6 m bridge and sends a 3.9 m class A around it, saying so', async () => {
    expect(roadNames(routed(await router.route(DENVER, MOAB, PRESET_VEHICLES['class-c'])))).toContain('Fruita–Moab Road (low bridge)');
    const route = routed(await router.route(DENVER, MOAB, PRESET_VEHICLES['class-a']));
    expect(roadNames(route)).not.toContain('Fruita–Moab Road (low bridge)');
    expect(route.restrictionsAvoided).toMatchObject([{ kind: 'height', sentence: 'Clearance 3.6 m, your rig is 3.9 m high', edge: { name: 'Fruita–Moab Road (low bridge)' } }]);
  });

  it.each<[string, [string, string], [string, string], Vehicle, string]>([
    ['the tunnel to a van carrying propane', ['Glenwood Springs', 'CO'], ['New Castle', 'CO'], PRESET_VEHICLES.van, 'tunnel'],
    ['the 10 t bridge to a 13 t class A', ['Delta', 'CO'], ['Montrose', 'CO'], PRESET_VEHICLES['class-a'], 'weight'],
    ['the road closed to heavy vehicles to a class A', ['Montrose', 'CO'], ['Ouray', 'CO'], PRESET_VEHICLES['class-a'], 'hgv'],
  ])('closes %s, and not to a car', async (_, from, to, rig, kind) => {
    const answer = await router.route(town(...from), town(...to), rig);
    const broken = answer.kind === 'route' ? answer.restrictionsAvoided : answer.kind === 'refused' ? answer.refused : [];
    expect(broken.map((r) => r.kind)).toContain(kind);
    expect(routed(await router.route(town(...from), town(...to), PRESET_VEHICLES.car)).restrictionsAvoided).toEqual([]);
  });

  it('never replaces a network someone imported', async () => {
    const own = SqliteRoadStore.open(path.join(dir, 'own.sqlite'));
    await importLines(own, 'Mine', [road({}, [10, 50], [10.01, 50])]);
    expect(await seedDemoRoads(own)).toBeNull();
    expect((await own.current())!.name).toBe('Mine');
    await own.close();
  });
});
