// `npm run seed -- [--count N] [--out FILE] [--seed N] [--base-url URL] [--force]`: generates the place dataset into
// the configured store (PostgreSQL when DATABASE_URL is set and --out is not given, else a SQLite file).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@/lib/config/env';
import { seedPlaces } from '@/lib/places/dataset/seed';
import { PLACES_FILE } from '@/lib/places/server';
import { isoDate } from '@/lib/places/status';
import { openPlaceStore } from '@/lib/places/store';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import type { PlaceStoreAdmin } from '@/lib/places/store/types';

const { values } = parseArgs({
  options: {
    count: { type: 'string' },
    out: { type: 'string' },
    seed: { type: 'string' },
    'base-url': { type: 'string' },
    force: { type: 'boolean', default: false },
  },
});

const config = loadConfig();
const count = Number(values.count ?? config.placesSeedCount);
if (!Number.isInteger(count) || count < 1 || count > 5_000_000) {
  process.stderr.write('error: --count must be an integer from 1 to 5000000\n');
  process.exit(1);
}
const started = Date.now();
const onProgress = (done: number) => process.stdout.write(`  ${done} places (${Math.round((Date.now() - started) / 1000)} s)\n`);

async function main() {
  let store: PlaceStoreAdmin;
  if (config.database && !values.out) {
    store = await openPlaceStore(config, { file: (name) => path.join(config.dataDir, name) });
    if ((await store.count()) > 0) {
      await store.close();
      throw new Error(`the PostgreSQL place store is not empty: seed into an empty database (${store.describe()})`);
    }
  } else {
    const out = path.resolve(values.out ?? path.join(config.dataDir, PLACES_FILE));
    if (fs.existsSync(out)) {
      if (!values.force) throw new Error(`${out} exists: pass --force to replace it`);
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(out + suffix, { force: true });
    }
    fs.mkdirSync(path.dirname(out), { recursive: true });
    store = SqlitePlaceStore.open(out);
  }
  await seedPlaces(store, {
    count,
    seed: values.seed ? Number(values.seed) : undefined,
    baseUrl: values['base-url'] ?? config.publicUrl,
    today: isoDate(new Date()),
    onProgress,
  });
  process.stdout.write(`seeded ${count} places into ${store.describe()} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  await store.close();
}

main().catch((err) => {
  process.stderr.write(`error: ${(err as Error).message}\n`);
  process.exit(1);
});
