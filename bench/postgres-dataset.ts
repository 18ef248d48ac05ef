import path from 'node:path';
import { PostgresPlaceStore } from '@/lib/places/store/postgres/store';
import { openPlacesDb } from '@/lib/places/store/sqlite/schema';
import { keptLocalDatabase, type LocalCluster, stopServer } from '@/scripts/db/local-postgres';
import { BENCH_COUNT, BENCH_DIR } from './dataset';

const PG_DIR = path.join(BENCH_DIR, 'pg');
const DATABASE = 'bench';

/**
 * The benchmark's PostgreSQL: a local primary kept under .test-data/bench/pg between runs, holding a copy of the
 * 1,000,000-place SQLite store (made once, with `places:migrate-to-postgres`'s copy), plus the geography index a
 * team writing plain PostGIS queries by hand would add. Set BENCH_DATABASE_URL to use a server of your own.
 */
export async function ensurePostgresBench(sqliteFile: string): Promise<{ url: string; stop(): void }> {
  let url = process.env.BENCH_DATABASE_URL;
  let cluster: LocalCluster | null = null;
  // Only a server this run started is stopped at the end: one already running may be serving someone else.
  let started = false;
  if (!url) ({ cluster, url, started } = await keptLocalDatabase(PG_DIR, DATABASE));
  const store = await PostgresPlaceStore.open({ primaryUrl: url, replicaUrls: [], maxReplicaLagMs: 5000, poolSize: 2 });
  const count = await store.count();
  if (count !== BENCH_COUNT) {
    if (count > 0) throw new Error(`the benchmark database has ${count} places, not ${BENCH_COUNT}: drop it (rm -rf ${PG_DIR})`);
    process.stdout.write(`copying ${BENCH_COUNT} places into PostgreSQL (once)...\n`);
    const started = Date.now();
    const sqlite = openPlacesDb(sqliteFile, { readonly: true });
    await store.copyFromSqlite(sqlite, (n) => {
      if (n % 100_000 === 0) process.stdout.write(`  ${n} places (${Math.round((Date.now() - started) / 1000)} s)\n`);
    });
    sqlite.close();
    process.stdout.write(`  copied in ${Math.round((Date.now() - started) / 1000)} s\n`);
  }
  await store.cluster.primary.query('CREATE INDEX IF NOT EXISTS bench_places_geography ON places USING gist ((geom::geography))');
  await store.cluster.primary.query('VACUUM ANALYZE places');
  await store.close();
  return {
    url,
    /** Stops the local server if this run started it; its data stays for the next run. */
    stop() {
      if (cluster && started) stopServer(cluster, 'primary');
    },
  };
}
