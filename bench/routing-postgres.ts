import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PgRoutingRouter } from '@/lib/roads/router/pgrouting/router';
import { PostgresRoadStore } from '@/lib/roads/store/postgres/store';
import { keptLocalDatabase, missingPostgres, stopLocalCluster } from '@/scripts/db/local-postgres';

const PGROUTING_CONTROL = '/usr/share/postgresql/15/extension/pgrouting.control';

export interface PgRoutingBench {
  store: PostgresRoadStore;
  router: PgRoutingRouter;
  where: string;
  /** The road tables' size on disk, with their indexes. */
  tableBytes(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The routing benchmark's PostgreSQL: BENCH_DATABASE_URL (its road network is replaced), else a throwaway local
 * primary in a temporary directory, removed at the end. A string says why there is none: the bench runs without it.
 */
export async function openPgRoutingBench(): Promise<PgRoutingBench | string> {
  let url = process.env.BENCH_DATABASE_URL;
  let dir: string | null = null;
  if (!url) {
    const missing = missingPostgres() ?? (fs.existsSync(PGROUTING_CONTROL) ? null : 'pgRouting is not installed (apt-get install postgresql-15-pgrouting)');
    if (missing) return `${missing}, or set BENCH_DATABASE_URL`;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pgrouting-'));
    ({ url } = await keptLocalDatabase(dir, 'bench_roads'));
  }
  const store = await PostgresRoadStore.open({ primaryUrl: url, poolSize: 2, statementTimeoutMs: 120_000 });
  const router = new PgRoutingRouter(store);
  return {
    store,
    router,
    where: dir ? 'a local PostgreSQL 15 started for this run' : 'BENCH_DATABASE_URL',
    async tableBytes() {
      const { rows } = await store.cluster.primary.query<{ bytes: number }>(
        `SELECT sum(pg_total_relation_size(t))::float8 AS bytes FROM unnest(ARRAY['road_edges', 'road_nodes']::regclass[]) AS t`,
      );
      return rows[0].bytes;
    },
    async close() {
      await router.close();
      await store.close();
      if (dir) stopLocalCluster(dir);
    },
  };
}
