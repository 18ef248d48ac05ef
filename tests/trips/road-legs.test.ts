import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphRouter } from '@/lib/roads/router/graph-router';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import type { RoadNetwork } from '@/lib/roads/store/types';
import { PRESET_VEHICLES } from '@/lib/roads/vehicle';
import { greatCircleRouter } from '@/lib/trips/legs/great-circle';
import { publish, unpublish } from '@/lib/core/registry';
import { loadConfig } from '@/lib/config/env';
import { ROAD_ROUTER } from '@/lib/roads/published-router';
import { legRouter } from '@/lib/trips/legs';
import { ACCESS_SPEED_KMH, describeNetwork, roadLegRouter } from '@/lib/trips/legs/road-legs';
import type { LegRouter, LonLat } from '@/lib/trips/legs/types';
import { importLines, road } from '../roads/support/engines';

const A: LonLat = [10, 50];
const B: LonLat = [10.01, 50];
const C: LonLat = [10.02, 50];
const D: LonLat = [10.03, 50];
const ISLAND: LonLat = [11, 51];

describe('legs on roads', () => {
  let dir: string;
  let store: SqliteRoadStore;
  let roads: GraphRouter;
  let legs: LegRouter;
  const straight = greatCircleRouter(80);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-legs-'));
    store = SqliteRoadStore.open(path.join(dir, 'roads.sqlite'));
    roads = new GraphRouter(store);
    // One low bridge between B and C, with no way around it.
    const { network } = await importLines(store, 'Bridges', [road({}, A, B), road({ highway: 'primary', maxheight: '3.6' }, B, C), road({}, C, D)]);
    legs = roadLegRouter(roads, network, straight);
  });
  afterAll(async () => {
    await roads.close();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names the road data, with the day of an import and without one for generated roads', () => {
    const network = { name: 'Colorado', importedAt: '2026-11-20T08:00:00.000Z', generated: false } satisfies Partial<RoadNetwork>;
    expect(describeNetwork(network)).toBe('Roads: Colorado, imported 2026-11-20');
    expect(describeNetwork({ ...network, name: 'Demo roads (generated)', generated: true })).toBe('Roads: Demo roads (generated)');
    expect(legs.kind).toBe('road');
  });

  it('is the trips\' router while the roads subsystem publishes a router with a network', async () => {
    publish(ROAD_ROUTER, roads);
    try {
      const chosen = await legRouter(loadConfig({}));
      expect(chosen.kind).toBe('road');
      expect(chosen.describe).toMatch(/^Roads: Bridges, imported \d{4}-\d\d-\d\d$/);
    } finally {
      unpublish(ROAD_ROUTER);
    }
    expect((await legRouter(loadConfig({}))).kind).toBe('straight-line');
  });

  it('measures each leg on the roads, for a car by default', async () => {
    const [ab, bd] = await legs.legs([A, B, D]);
    expect(ab.measure).toEqual({ by: 'road', restrictionsAvoided: [] });
    expect(ab.geometry).toEqual([A, B]);
    expect(bd.geometry).toEqual([B, C, D]);
    expect(bd.durationSeconds).toBeGreaterThan(0);
  });

  it('draws a leg from the stop itself, the way to the road counted at the access speed', async () => {
    const offRoad: LonLat = [10.005, 50.003];
    const [leg] = await legs.legs([offRoad, B]);
    const route = await roads.route(offRoad, B, PRESET_VEHICLES.car);
    if (route.kind !== 'route') throw new Error('expected a route');
    // The stop, then the road from where the stop joins it; the road ends on B, a stop on the road.
    expect(leg.geometry).toEqual([offRoad, ...route.coordinates]);
    expect(route.coordinates[route.coordinates.length - 1]).toEqual(B);
    expect(route.snapped.from.distance_m).toBeCloseTo(333.6, 0);
    expect(leg.distanceMeters).toBeCloseTo(route.distance_m + route.snapped.from.distance_m, 6);
    expect(leg.durationSeconds).toBeCloseTo(route.duration_s + route.snapped.from.distance_m / (ACCESS_SPEED_KMH / 3.6), 6);
  });

  it('offers the route that breaks a limit when no legal one exists, and says which', async () => {
    const [leg] = await legs.legs([A, D], PRESET_VEHICLES['class-a']);
    expect(leg.geometry).toEqual([A, B, C, D]);
    expect(leg.measure).toMatchObject({ by: 'road-breaking-restrictions', refused: [{ kind: 'height', sentence: 'Clearance 3.6 m, your rig is 3.9 m high' }] });
  });

  it('draws a straight line, saying why, for a leg to a stop no road reaches', async () => {
    const [toIsland, back] = await legs.legs([A, ISLAND, D]);
    const [expected] = await straight.legs([A, ISLAND]);
    expect(toIsland).toEqual({ ...expected, measure: { by: 'straight-line', why: 'The destination is more than 5 km from any road of the network' } });
    expect(back.measure).toEqual({ by: 'straight-line', why: 'The start is more than 5 km from any road of the network' });
  });
});
