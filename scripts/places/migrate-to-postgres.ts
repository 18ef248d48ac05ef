// `npm run places:migrate-to-postgres -- [--from FILE]`: copies the SQLite place store (DATA_DIR/places.sqlite by
// default) into the empty PostgreSQL store of DATABASE_URL, all or nothing, and checks that nothing was lost; then the
// owner store beside it (owners.sqlite: claims, owners, the listings' history), all or nothing too.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import cliProgress from 'cli-progress';
import { loadConfig } from '@/lib/config/env';
import { inOneTransaction } from '@/lib/db/postgres/in-one-transaction';
import { OWNERS_FILE } from '@/lib/owners/store';
import { copyOwners } from '@/lib/owners/store/postgres/copy-from-sqlite';
import { PLACES_FILE } from '@/lib/places/store';
import { PostgresPlaceStore } from '@/lib/places/store/postgres/store';
import { openPlacesDb } from '@/lib/places/store/sqlite/schema';

const { values } = parseArgs({ options: { from: { type: 'string' } } });

/** The owners of the places (and their claims and history), from the SQLite file beside the places when there is one. */
async function copyOwnerStore(file: string, url: string) {
  if (!fs.existsSync(file)) {
    process.stdout.write(`no ${file}: no owners copied\n`);
    return;
  }
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const counts = await inOneTransaction(url, (client) => copyOwners(client, source));
    process.stdout.write(`copied from ${file}: ${Object.entries(counts).map(([table, n]) => `${table} ${n}`).join(', ')}\n`);
  } finally {
    source.close();
  }
}

async function main() {
  const config = loadConfig();
  if (!config.database) throw new Error('set DATABASE_URL to the PostgreSQL database to copy the places into');
  const from = path.resolve(values.from ?? path.join(config.dataDir, PLACES_FILE));
  if (!fs.existsSync(from)) throw new Error(`${from} does not exist`);
  const sqlite = openPlacesDb(from, { readonly: true });
  const store = await PostgresPlaceStore.open({
    primaryUrl: config.database.url,
    replicaUrls: [],
    maxReplicaLagMs: config.database.maxReplicaLagMs,
    poolSize: 2,
    waitMs: config.database.waitMs,
  });
  const bar = process.stdout.isTTY ? new cliProgress.SingleBar({ format: 'copying [{bar}] {value}/{total} places | {eta_formatted} left' }, cliProgress.Presets.shades_classic) : null;
  const started = Date.now();
  try {
    const copied = await store.copyFromSqlite(sqlite, (n, total) => {
      if (bar && !bar.getTotal()) bar.start(total, 0);
      bar?.update(n);
    });
    bar?.stop();
    const inPostgres = await store.count();
    const inSqlite = sqlite.prepare('SELECT count(*) FROM places').pluck().get() as number;
    if (inPostgres !== inSqlite) throw new Error(`copied ${inPostgres} places but the SQLite store has ${inSqlite}`);
    process.stdout.write(`copied ${copied} places from ${from} into ${store.describe()} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    await copyOwnerStore(path.join(path.dirname(from), OWNERS_FILE), config.database.url);
  } finally {
    bar?.stop();
    sqlite.close();
    await store.close();
  }
}

main().catch((err) => {
  process.stderr.write(`error: ${(err as Error).message}\n`);
  process.exit(1);
});
