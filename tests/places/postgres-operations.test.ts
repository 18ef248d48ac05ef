// The PostgreSQL backend as operators meet it: replicas that fall behind or go away, a database that disappears
// while serving, imports seen by every instance, a crash in the middle of an import, and bad start-up settings.
// This file starts servers of its own, so stopping them disturbs no other test file.
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGenerator } from '@/lib/places/dataset/generator';
import { PostgresPlaceStore } from '@/lib/places/store/postgres/store';
import type { SearchQuery } from '@/lib/places/store/types';
import {
  crashServer, type LocalCluster, psql, startLocalCluster, startServer, stopLocalCluster, stopServer,
} from '@/scripts/db/local-postgres';
import { runServerScript } from '../support/run-program';
import { EVENTUALLY_MS, waitUntil as until, withoutHanging } from '../support/wait';
import { type PlacesTestServer, startPlacesServer, setPlacesBackend } from './support/places-server';

let cluster: LocalCluster;
const created: string[] = [];

async function database(label: string): Promise<{ url: string; readUrls: string[] }> {
  const name = `ops_${label}`;
  const admin = new pg.Client({ connectionString: cluster.primaryUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  created.push(name);
  return { url: cluster.primaryUrl(name), readUrls: cluster.replicaUrls(name) };
}

/** Every place on Earth: a cap of half the circumference. */
const everywhere = (): SearchQuery => ({
  center: { lon: 0, lat: 0 }, radius: 20_037_509, tags: { include: [], exclude: [] }, chains: { include: [], exclude: [] }, sort: 'distance', limit: 5, offset: 0,
});

beforeAll(async () => {
  cluster = await startLocalCluster({ replicas: 1 });
}, 120_000);

afterAll(() => {
  if (cluster) stopLocalCluster(cluster.dir);
});

describe('replicas', () => {
  it('skips a lagging replica and a stopped one, names it in the health checks, and uses it again when it is back', async () => {
    const db = await database('replicas');
    const store = await PostgresPlaceStore.open({ primaryUrl: db.url, replicaUrls: db.readUrls, maxReplicaLagMs: 300, poolSize: 2, checkIntervalMs: 100 });
    try {
      const gen = createGenerator({ seed: 1, baseUrl: 'http://localhost:1', today: '2026-01-15' });
      await store.writePlaces(Array.from({ length: 50 }, (_, i) => gen.place(i)), { today: '2026-01-15', replace: false });
      const replicaCheck = () => Object.entries(store.health()).find(([k]) => k.startsWith('places.replica'))![1];
      await until('the replica in use', () => replicaCheck() === true);

      // Replay paused: the replica falls behind the primary's next write by more than the bound.
      psql(cluster.replicaPorts[0], 'SELECT pg_wal_replay_pause()');
      try {
        await store.writePlaces([gen.place(50)], { today: '2026-01-15', replace: false });
        await until('the lagging replica skipped', () => String(replicaCheck()).includes('ms behind (max 300 ms)'));
        // Reads now go to the primary, which has the new place.
        expect((await store.details(gen.place(50).id))?.id).toBe(gen.place(50).id);
      } finally {
        psql(cluster.replicaPorts[0], 'SELECT pg_wal_replay_resume()');
      }
      await until('the replica back in use', () => replicaCheck() === true);

      stopServer(cluster, 'replica1');
      try {
        await until('the stopped replica skipped', () => String(replicaCheck()).startsWith('skipped: down'));
        expect(store.ready()).toBe(true);
        expect((await store.search(everywhere())).total).toBe(51);
      } finally {
        startServer(cluster, 'replica1');
      }
      await until('the restarted replica in use', () => replicaCheck() === true);
    } finally {
      await store.close();
    }
  }, 5 * EVENTUALLY_MS);
});

describe('the database going away while serving', () => {
  let s: PlacesTestServer;
  beforeAll(async () => {
    setPlacesBackend('postgres');
    const db = await database('outage');
    s = await startPlacesServer({ DATABASE_URL: db.url, DATABASE_READ_URLS: db.readUrls.join(',') });
  }, 120_000);
  afterAll(() => s?.close());

  it('answers 503 in the JSON error shape, turns /healthz 503, and serves again on its own when the database is back', async () => {
    const search = '/api/v2/search?center=-105,39.7&radius=500000';
    expect((await s.get(search)).status).toBe(200);
    stopServer(cluster, 'replica1');
    stopServer(cluster, 'primary');
    try {
      const res = await s.get(search);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({ error: { code: 'unavailable', message: expect.stringMatching(/unavailable/) } });
      expect((await s.get('/api/v2/canonical_places/1')).status).toBe(503);
      await until('/healthz 503', async () => (await fetch(`${s.url}/healthz`)).status === 503);
      const health = await (await fetch(`${s.url}/healthz`)).json();
      expect(Object.entries(health.checks).filter(([k]) => k.startsWith('places.')).every(([, v]) => v !== true)).toBe(true);
    } finally {
      startServer(cluster, 'primary');
      startServer(cluster, 'replica1');
    }
    await until('searches served again', async () => (await s.get(search)).status === 200);
    await until('/healthz 200', async () => (await fetch(`${s.url}/healthz`)).status === 200);
  }, 5 * EVENTUALLY_MS);

  it('under load, a replica stopped and started costs no request, and the primary stopped and started costs only 503s', async () => {
    const searches = ['center=-105,39.7&radius=500000', 'center=-74,40.7&radius=50000&tags=restaurants', 'center=2.35,48.85&radius=200000&name=park']
      .map((q) => `/api/v2/search?${q}`);
    // Status codes, or what a request failed with (a hang: no answer within HANG_MS, far more than any loaded machine
    // needs to answer or to give up on a server that is gone).
    const seen = new Map<number | string, number>();
    let answered = 0;
    let running = true;
    // Four clients searching without pause for the whole test.
    const clients = Array.from({ length: 4 }, async (_, c) => {
      for (let i = c; running; i++) {
        const target = searches[i % searches.length];
        const status = await withoutHanging(
          `GET ${target}`,
          s.get(target).then(async (res) => {
            await res.arrayBuffer();
            return res.status;
          }),
        ).catch((err: Error) => err.message);
        seen.set(status, (seen.get(status) ?? 0) + 1);
        answered += 1;
      }
    });
    // Each step lasts until the server has seen it (its health checks say so) and the clients got answers through it:
    // events, not durations, so a slow machine only makes the steps longer.
    const more = (n: number, during: string) => {
      const target = answered + n;
      return until(() => `${n} more answers ${during} (${answered} in all)`, () => answered >= target, { intervalMs: 20 });
    };
    const check = async (prefix: string) => {
      const { checks } = (await (await fetch(`${s.url}/healthz`)).json()) as { checks: Record<string, unknown> };
      return Object.entries(checks).find(([k]) => k.startsWith(prefix))?.[1];
    };
    try {
      await more(20, 'before a server stops');
      stopServer(cluster, 'replica1');
      await until('the stopped replica skipped', async () => String(await check('places.replica')).startsWith('skipped: down'));
      await more(20, 'with the replica stopped');
      startServer(cluster, 'replica1');
      await until('the restarted replica in use', async () => (await check('places.replica')) === true);
      await more(20, 'with the replica back');
      expect([...seen.keys()]).toEqual([200]);
      stopServer(cluster, 'primary');
      await until('the stopped primary seen down', async () => (await check('places.primary')) !== true);
      await more(20, 'with the primary stopped');
      startServer(cluster, 'primary');
      await until('searches answered again', async () => (await s.get(searches[0])).status === 200);
      await more(20, 'with the primary back');
    } finally {
      running = false;
      await Promise.all(clients);
    }
    // With the primary gone the replica still answers reads, or the API says 503: never a 500, never a hang.
    expect([...seen.keys()].every((status) => status === 200 || status === 503), JSON.stringify([...seen])).toBe(true);
    // At least the 60 answers before and around the replica's stop, all 200.
    expect(seen.get(200)!).toBeGreaterThanOrEqual(60);
  }, 8 * EVENTUALLY_MS);
});

describe('changes reach every instance', () => {
  it('an import through one instance is seen by another, without a restart', async () => {
    const db = await database('notify');
    const a = await PostgresPlaceStore.open({ primaryUrl: db.url, replicaUrls: db.readUrls, maxReplicaLagMs: 5000, poolSize: 2 });
    const b = await PostgresPlaceStore.open({ primaryUrl: db.url, replicaUrls: db.readUrls, maxReplicaLagMs: 5000, poolSize: 2 });
    try {
      const gen = createGenerator({ seed: 2, baseUrl: 'http://localhost:1', today: '2026-01-15' });
      await a.writePlaces(Array.from({ length: 300 }, (_, i) => gen.place(i)), { today: '2026-01-15', replace: false });
      await until('b sees the first import', async () => (await b.search(everywhere())).total === 300);
      const before = (await b.search(everywhere())).total;
      await a.writePlaces([gen.place(300)], { today: '2026-01-15', replace: true });
      // Through the write's NOTIFY, or at worst the next version poll (every 5 s): no restart either way.
      await until('b sees the second import', async () => (await b.search(everywhere())).total === before + 1);
    } finally {
      await a.close();
      await b.close();
    }
  }, 3 * EVENTUALLY_MS);
});

describe('a crash in the middle of an import', () => {
  it('leaves the whole import or none of it after the primary is killed with SIGKILL and restarted', async () => {
    const db = await database('crash');
    const store = await PostgresPlaceStore.open({ primaryUrl: db.url, replicaUrls: [], maxReplicaLagMs: 5000, poolSize: 2 });
    const gen = createGenerator({ seed: 3, baseUrl: 'http://localhost:1', today: '2026-01-15' });
    await store.writePlaces(Array.from({ length: 100 }, (_, i) => gen.place(i)), { today: '2026-01-15', replace: false });
    let written = 0;
    const importing = store
      .writePlaces(
        (function* () {
          for (let i = 100; i < 40_100; i++) yield gen.place(i);
        })(),
        { today: '2026-01-15', replace: true, onProgress: (n) => (written = n) },
      )
      .then(
        () => 'committed',
        () => 'failed',
      );
    await until('the import under way', () => written >= 10_000);
    crashServer(cluster, 'primary');
    expect(await importing).toBe('failed');
    startServer(cluster, 'primary');
    await until('the primary back', async () => {
      try {
        return (await store.count()) >= 0;
      } catch {
        return false;
      }
    });
    expect(await store.count()).toBe(100);
    const counts = await store.search(everywhere());
    expect(counts.total).toBe(100);
    await store.close();
    await until('the replica streaming again', () => psql(cluster.replicaPorts[0], 'SELECT pg_is_in_recovery()') === 't');
  }, 4 * EVENTUALLY_MS);
});

describe('start-up with a bad database setting', { timeout: 180_000 }, () => {
  const run = (env: Record<string, string>) => runServerScript({ NODE_ENV: 'test', DATA_DIR: path.join(cluster.dir, `data-${Math.random()}`), PORT: '0', ...env });
  const errorLines = (stderr: string) => stderr.trim().split('\n').filter((l) => l.startsWith('error:'));

  it('exits non-zero with one clear line when the database does not answer', async () => {
    const result = await run({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', DATABASE_WAIT_SECONDS: '1' });
    expect(result.status).toBe(1);
    expect(errorLines(result.stderr)).toEqual([expect.stringMatching(/^error: the database 127\.0\.0\.1:1\/none did not answer within 1 s/)]);
  });

  it('exits non-zero with one clear line when the database is at a newer migration than the code', async () => {
    const db = await database('newer');
    const store = await PostgresPlaceStore.open({ primaryUrl: db.url, replicaUrls: [], maxReplicaLagMs: 5000, poolSize: 1 });
    await store.close();
    psql(cluster.primaryPort, "INSERT INTO schema_migrations (name, run_on) VALUES ('9999_from_the_future', now())", 'ops_newer');
    const result = await run({ DATABASE_URL: db.url });
    expect(result.status).toBe(1);
    expect(errorLines(result.stderr)).toEqual([expect.stringMatching(/is at migration 9999_from_the_future, newer than this version of the app/)]);
  });

  it('exits non-zero with one clear line when PostGIS cannot be created', async () => {
    await database('nopostgis');
    psql(cluster.primaryPort, 'CREATE ROLE plain LOGIN');
    psql(cluster.primaryPort, 'ALTER DATABASE ops_nopostgis OWNER TO plain');
    const result = await run({ DATABASE_URL: `postgres://plain@127.0.0.1:${cluster.primaryPort}/ops_nopostgis` });
    expect(result.status).toBe(1);
    expect(errorLines(result.stderr)).toEqual([expect.stringMatching(/cannot create the PostGIS extension .*CREATE EXTENSION postgis/)]);
  });
});
