// Starts one throwaway PostgreSQL + PostGIS primary with a streaming replica for the whole vitest run, unless
// TEST_DATABASE_URL (and TEST_DATABASE_READ_URLS) point at servers of your own. Test files make their own
// databases on it (tests/support/postgres.ts).
import type { TestProject } from 'vitest/node';
import { missingPostgres, startLocalCluster, stopLocalCluster } from '../../scripts/db/local-postgres';

export interface PostgresServers {
  /** Admin URL of the primary (any database name is swapped in). */
  primaryUrl: string;
  replicaUrls: string[];
  /** Where the local servers live, when this run started them (fault tests stop and start them). */
  clusterDir: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: PostgresServers;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgres', {
      primaryUrl: process.env.TEST_DATABASE_URL,
      replicaUrls: (process.env.TEST_DATABASE_READ_URLS ?? '').split(',').filter(Boolean),
      clusterDir: null,
    });
    return;
  }
  const missing = missingPostgres();
  if (missing) throw new Error(`the PostgreSQL suites need a local server: ${missing} (or set TEST_DATABASE_URL)`);
  const cluster = await startLocalCluster({ replicas: 1 });
  project.provide('postgres', { primaryUrl: cluster.primaryUrl(), replicaUrls: cluster.replicaUrls(), clusterDir: cluster.dir });
  return () => stopLocalCluster(cluster.dir);
}
