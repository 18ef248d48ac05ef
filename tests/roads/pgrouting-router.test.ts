// The pgRouting router beside the embedded one on the OSM ways around Gothenburg (support/gothenburg.ts:
// © OpenStreetMap contributors, ODbL): the same answers for rigs with limits, to the microsecond, with the same
// restrictions said; and what it says where the database has no pgRouting.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geojsonSource } from '@/lib/roads/import/geojson-source';
import { importRoads } from '@/lib/roads/import/import-roads';
import { PgRoutingRouter } from '@/lib/roads/router/pgrouting/router';
import type { RouteAnswer } from '@/lib/roads/router/types';
import { PostgresRoadStore } from '@/lib/roads/store/postgres/store';
import { PRESET_VEHICLES, type Vehicle } from '@/lib/roads/vehicle';
import { createTestDatabase } from '../support/postgres';
import { ROAD_ENGINES } from './support/engines';
import { GOTHENBURG_FILE, gothenburgLines, gothenburgPairs } from './support/gothenburg';

const summary = (a: RouteAnswer) => {
  if (a.kind === 'route') return { kind: a.kind, seconds: a.duration_s, meters: a.distance_m, said: a.restrictionsAvoided.map((r) => `${r.edge.id} ${r.sentence}`) };
  if (a.kind === 'refused') return { kind: a.kind, seconds: a.ignoringRestrictions.duration_s, meters: a.ignoringRestrictions.distance_m, said: a.refused.map((r) => `${r.edge.id} ${r.sentence}`) };
  return { kind: a.kind, seconds: 0, meters: 0, said: [a.message] };
};

describe('pgRouting beside the embedded router', () => {
  const engines: Awaited<ReturnType<(typeof ROAD_ENGINES)[number]['open']>>[] = [];

  beforeAll(async () => {
    for (const engine of ROAD_ENGINES) engines.push(await engine.open());
    for (const { store } of engines) await importRoads(store, geojsonSource(GOTHENBURG_FILE, false), GOTHENBURG_FILE, { name: 'Gothenburg' });
  });
  afterAll(async () => {
    for (const e of engines) await e.close();
  });

  it.each([
    ['class A', PRESET_VEHICLES['class-a']],
    ['camper van', PRESET_VEHICLES.van],
    ['30 t, 4.5 m high', { ...PRESET_VEHICLES['class-a'], weightT: 30, heightM: 4.5 }],
  ] as [string, Vehicle][])('answers as the embedded router for a %s', async (_, vehicle) => {
    const kinds = new Set<string>();
    for (const [from, to] of gothenburgPairs(gothenburgLines(), 60, 5)) {
      const [embedded, pgrouting] = await Promise.all(engines.map(({ router }) => router.route(from, to, vehicle).then(summary)));
      kinds.add(embedded.kind);
      expect(pgrouting.kind).toBe(embedded.kind);
      expect(Math.abs(pgrouting.seconds - embedded.seconds)).toBeLessThan(1e-6);
      expect(Math.abs(pgrouting.meters - embedded.meters)).toBeLessThan(1e-6);
      expect(pgrouting.said.sort()).toEqual(embedded.said.sort());
    }
    expect(kinds.has('route')).toBe(true);
  }, 180_000);
});

it('says that pgRouting is missing when asked to route on a database without it', async () => {
  const database = await createTestDatabase('roads_no_pgrouting');
  const store = await PostgresRoadStore.open({ primaryUrl: database.url, poolSize: 2 });
  try {
    await store.cluster.primary.query('DROP EXTENSION pgrouting');
    const router = new PgRoutingRouter(store);
    expect(await router.route([10, 50], [10.01, 50], PRESET_VEHICLES.car)).toMatchObject({ reason: 'no-network' });
    await importRoads(store, geojsonSource(GOTHENBURG_FILE, false), GOTHENBURG_FILE, { name: 'Gothenburg' });
    await expect(router.route([11.95, 57.7], [11.96, 57.7], PRESET_VEHICLES.car)).rejects.toThrow(
      'Routing on PostgreSQL needs the pgRouting extension, which this database does not have: install it on the database server (Debian: apt-get install postgresql-15-pgrouting), then run "CREATE EXTENSION pgrouting" in the database',
    );
  } finally {
    await store.close();
    await database.drop();
  }
}, 60_000);

it('starts on a database whose role may not create pgRouting, and says so when asked to route', async () => {
  const database = await createTestDatabase('roads_plain_role');
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const role = `plain_${database.name.slice(-8)}`;
  try {
    // A superuser made PostGIS once, as the README asks; the app's role owns the database and nothing more.
    await admin.query('CREATE EXTENSION postgis');
    await admin.query(`CREATE ROLE ${role} LOGIN`);
    await admin.query(`ALTER DATABASE ${database.name} OWNER TO ${role}`);
    await admin.query(`GRANT ALL ON SCHEMA public TO ${role}`);
    const url = new URL(database.url);
    url.username = role;
    const store = await PostgresRoadStore.open({ primaryUrl: url.toString(), poolSize: 2 });
    try {
      expect((await admin.query(`SELECT 1 FROM pg_extension WHERE extname = 'pgrouting'`)).rowCount).toBe(0);
      await importRoads(store, geojsonSource(GOTHENBURG_FILE, false), GOTHENBURG_FILE, { name: 'Gothenburg' });
      await expect(new PgRoutingRouter(store).route([11.95, 57.7], [11.96, 57.7], PRESET_VEHICLES.car)).rejects.toThrow('needs the pgRouting extension');
    } finally {
      await store.close();
    }
  } finally {
    await admin.end();
    await database.drop();
    const cleanup = new pg.Client({ connectionString: database.url.replace(/\/[^/]*$/, '/postgres') });
    await cleanup.connect();
    await cleanup.query(`DROP ROLE IF EXISTS ${role}`);
    await cleanup.end();
  }
}, 60_000);
