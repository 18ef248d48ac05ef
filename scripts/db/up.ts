// `npm run db:up`: a local PostgreSQL + PostGIS primary and one streaming replica for development; prints the URLs.
import path from 'node:path';
import pg from 'pg';
import { readLocalCluster, startLocalCluster } from './local-postgres';

const DIR = path.resolve(process.env.DB_CLUSTER_DIR ?? '.test-data/db');
const DATABASE = 'trip_explorer';

async function main() {
  let cluster = readLocalCluster(DIR);
  if (!cluster) {
    cluster = await startLocalCluster({ dir: DIR, replicas: Number(process.env.DB_REPLICAS ?? 1) });
    const admin = new pg.Client({ connectionString: cluster.primaryUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
  }
  process.stdout.write(
    `PostgreSQL primary on ${cluster.primaryPort}, replicas on ${cluster.replicaPorts.join(', ') || 'none'} (data in ${DIR}).\n` +
      `Export these, then npm run dev or npm start:\n\n` +
      `export DATABASE_URL=${cluster.primaryUrl(DATABASE)}\n` +
      `export DATABASE_READ_URLS=${cluster.replicaUrls(DATABASE).join(',')}\n\n` +
      'Stop and remove it with npm run db:down.\n',
  );
}

main().catch((err) => {
  process.stderr.write(`db:up: ${(err as Error).message}\n`);
  process.exit(1);
});
