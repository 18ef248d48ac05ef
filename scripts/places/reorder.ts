// `DATABASE_URL=... npm run places:reorder`: rewrites the PostgreSQL `places` table in (country, state, fine cell)
// order (CLUSTER on the index of migration 0013) and vacuums it, so searches by locations and distance read a few
// index pages. It locks `places` while it runs (searches wait): about 6 minutes at a million places on 2 cores.
// Worth running after a large import; the copy from SQLite does it by itself.
import pg from 'pg';
import { loadConfig } from '@/lib/config/env';
import { describeUrl } from '@/lib/db/postgres/errors';
import { migrate, waitForDatabase } from '@/lib/db/postgres/migrate';

async function main() {
  const config = loadConfig(process.env);
  if (!config.database) throw new Error('set DATABASE_URL to the PostgreSQL database whose places to reorder');
  const { url } = config.database;
  await waitForDatabase(url, config.database.waitMs);
  await migrate(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    process.stdout.write(`reordering the places of ${describeUrl(url)} (searches wait until it is done)\n`);
    await client.query('CLUSTER places');
    // The rewrite leaves an empty visibility map: vacuumed, index-only scans skip the table again.
    await client.query('VACUUM (ANALYZE) places');
    process.stdout.write(`reordered in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    await client.end();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
