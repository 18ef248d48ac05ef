// The pgRouting router's SQL test of "may this rig use this road" against mayUse (lib/roads/restrictions.ts), on
// every edge of the OSM ways around Gothenburg (support/gothenburg.ts: © OpenStreetMap contributors, ODbL) and on
// made-up edges with every combination of the access tags, for rigs just under, at and just over each limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_LIMITS, type RoadEdge, type RoadLimits } from '@/lib/roads/edge';
import { geojsonSource } from '@/lib/roads/import/geojson-source';
import { importRoads } from '@/lib/roads/import/import-roads';
import { ACCESS_VALUES, type AccessValue, type TunnelCategory } from '@/lib/roads/osm-units';
import { mayUse } from '@/lib/roads/restrictions';
import { mayUseSql, vehiclePlaceholders, vehicleValues } from '@/lib/roads/router/pgrouting/may-use-sql';
import { PostgresRoadStore } from '@/lib/roads/store/postgres/store';
import { HEAVY_VEHICLE_T, PRESET_VEHICLES, type Vehicle } from '@/lib/roads/vehicle';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { GOTHENBURG_FILE } from './support/gothenburg';

let database: TestDatabase;
let store: PostgresRoadStore;

beforeAll(async () => {
  database = await createTestDatabase('roads_may_use');
  store = await PostgresRoadStore.open({ primaryUrl: database.url, poolSize: 2 });
});

afterAll(async () => {
  await store?.close();
  await database?.drop();
});

/** The ids of the current network's edges the SQL lets the vehicle use. */
async function allowedInSql(vehicle: Vehicle): Promise<number[]> {
  const network = (await store.current())!;
  const { rows } = await store.cluster.primary.query<{ id: number }>(
    `SELECT e.id FROM road_edges e WHERE e.network_id = $1 AND ${mayUseSql(vehiclePlaceholders(2))} ORDER BY e.id`,
    [network.id, ...vehicleValues(vehicle)],
  );
  return rows.map((r) => r.id);
}

async function expectSameAnswers(vehicles: Vehicle[]): Promise<void> {
  const edges = (await store.load())!.edges.toArray();
  for (const vehicle of vehicles) {
    const expected = edges.filter((e) => mayUse(e, vehicle)).map((e) => e.id);
    expect(await allowedInSql(vehicle), JSON.stringify(vehicle)).toEqual(expected);
  }
}

const near = (limit: number) => [limit - 0.01, limit, limit + 0.01];
const distinct = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];

describe('the SQL form of mayUse', () => {
  it('answers as mayUse on every Gothenburg edge, for rigs around each of its limits', async () => {
    await importRoads(store, geojsonSource(GOTHENBURG_FILE, false), GOTHENBURG_FILE, { name: 'Gothenburg' });
    const edges = (await store.load())!.edges.toArray();
    const base = PRESET_VEHICLES.car;
    const vehicles: Vehicle[] = [];
    const sizes = { heightM: distinct(edges.map((e) => e.maxheightM)), widthM: distinct(edges.map((e) => e.maxwidthM)), lengthM: distinct(edges.map((e) => e.maxlengthM)) };
    const weights = distinct(edges.map((e) => e.maxweightT)).concat(HEAVY_VEHICLE_T);
    expect(sizes.heightM.length).toBeGreaterThan(3);
    expect(weights.length).toBeGreaterThan(2);
    for (const [size, limits] of Object.entries(sizes)) {
      for (const value of limits.flatMap(near)) vehicles.push({ ...base, [size]: value });
    }
    for (const weightT of weights.flatMap(near)) {
      for (const carryingPropane of [false, true]) vehicles.push({ ...base, weightT, carryingPropane });
    }
    vehicles.push(PRESET_VEHICLES['class-a'], PRESET_VEHICLES.van);
    await expectSameAnswers(vehicles);
  }, 120_000);

  it('answers as mayUse on every combination of access, motorcar, hgv, hazmat and tunnel category', async () => {
    const values: (AccessValue | null)[] = [null, ...ACCESS_VALUES];
    const categories: (TunnelCategory | null)[] = [null, 'A', 'B', 'C', 'D', 'E'];
    const limits: Partial<RoadLimits>[] = [];
    for (const access of values) for (const motorcar of values) for (const hgv of values) limits.push({ access, motorcar, hgv });
    for (const hazmat of values) for (const tunnel of [false, true]) for (const tunnelCategory of categories) limits.push({ hazmat, tunnel, tunnelCategory });
    const edge = (id: number, l: Partial<RoadLimits>): RoadEdge => ({
      id, from: 0, to: 1, wayId: id, highway: 'residential', name: null, ref: null, speedKmh: 30, speedFrom: 'class', oneway: 'both', lengthM: 111.2,
      ...NO_LIMITS,
      geometry: [[10, 50], [10.001, 50]], ...l,
    });
    await store.replace(
      { name: 'Every access', source: 'made up', importedAt: '2026-11-27T00:00:00.000Z', generated: true, unreadable: {} },
      [{ nodes: [{ id: 0, osmId: null, lon: 10, lat: 50 }, { id: 1, osmId: null, lon: 10.001, lat: 50 }], edges: limits.map((l, i) => edge(i, l)) }],
    );
    const rigs = [PRESET_VEHICLES.car, PRESET_VEHICLES.van, PRESET_VEHICLES['class-a']];
    await expectSameAnswers(rigs.flatMap((rig) => [false, true].map((carryingPropane) => ({ ...rig, carryingPropane }))).concat({ ...PRESET_VEHICLES.car, weightT: 3.51 }));
  });
});
