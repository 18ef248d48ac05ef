// What the PostgreSQL road store adds to the contract (router-contract.test.ts): imports from two instances at once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NO_LIMITS, type RoadEdge, type RoadNode } from '@/lib/roads/edge';
import { roundCoordinate } from '@/lib/roads/geometry';
import { PostgresRoadStore } from '@/lib/roads/store/postgres/store';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

let database: TestDatabase;
let stores: PostgresRoadStore[];

beforeAll(async () => {
  database = await createTestDatabase('roads_store');
  // Two doors on the same database, as two instances have (a pool size of their own keeps them apart).
  stores = [await PostgresRoadStore.open({ primaryUrl: database.url, poolSize: 2 }), await PostgresRoadStore.open({ primaryUrl: database.url, poolSize: 3 })];
});

afterAll(async () => {
  for (const store of stores ?? []) await store.close();
  await database?.drop();
});

const nodes: RoadNode[] = [
  { id: 0, osmId: 1, lon: 10, lat: 50 },
  { id: 1, osmId: 2, lon: 10.01, lat: 50 },
];
const edges = (count: number): RoadEdge[] =>
  Array.from({ length: count }, (_, id) => ({
    id, from: 0, to: 1, wayId: id, highway: 'residential', name: `Road ${id}`, ref: null, speedKmh: 30, speedFrom: 'class', oneway: 'both', lengthM: 716.5,
    ...NO_LIMITS,
    geometry: [[10, 50], [10.005, 50.0001234567], [10.01, 50]],
  }));
const network = (name: string) => ({ name, source: 'made up', importedAt: '2026-11-27T00:00:00.000Z', generated: false, unreadable: {} });

it('refuses an import while another is under way, and keeps only the current network afterwards', async () => {
  const [a, b] = stores;
  await a.replace(network('First'), [{ nodes, edges: edges(1) }]);
  // An import under way on another instance holds the lock in its transaction.
  const other = await a.cluster.primary.connect();
  try {
    await other.query('BEGIN');
    await other.query(`SELECT pg_advisory_xact_lock(hashtext('road import'))`);
    await expect(b.replace(network('Refused'), [{ nodes, edges: edges(2) }])).rejects.toThrow('another road import is under way on this database');
  } finally {
    await other.query('COMMIT');
    other.release();
  }
  expect(await b.current()).toMatchObject({ name: 'First' });

  const progress: number[] = [];
  await b.replace(network('Big'), [{ nodes, edges: edges(12_000) }], (written) => progress.push(written));
  expect(progress).toEqual([2, 5_002, 10_002, 12_002]);
  expect(await a.current()).toMatchObject({ name: 'Big', edgeCount: 12_000 });
  const { rows } = await a.cluster.primary.query<{ networks: number; edges: number }>(
    'SELECT (SELECT count(*) FROM road_networks) AS networks, (SELECT count(DISTINCT network_id) FROM road_edges) AS edges',
  );
  expect(rows[0]).toEqual({ networks: 1, edges: 1 });
  // The router holds coordinates at the stores' precision (7 decimals, about a centimetre), as the import rounds them.
  const last = edges(12_000)[11_999];
  expect((await a.load())!.edges.get(11_999)).toEqual({ ...last, geometry: last.geometry.map(roundCoordinate) });
});
