import fs from 'node:fs';
import path from 'node:path';
import { seedPlaces } from '@/lib/places/dataset/seed';
import { isoDate } from '@/lib/places/status';
import { openPlacesDb } from '@/lib/places/store/sqlite/schema';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';

export const BENCH_DIR = path.resolve('.test-data/bench');
export const BENCH_DB = path.join(BENCH_DIR, 'places-1m.sqlite');
export const BENCH_COUNT = 1_000_000;
/** The URL baked into the benchmark dataset's image links. */
export const BENCH_BASE_URL = 'http://localhost:3000';

/** Builds the 1,000,000-place store once (several minutes) and reuses it afterwards. */
export async function ensureBenchDataset(): Promise<string> {
  if (fs.existsSync(BENCH_DB)) {
    const db = openPlacesDb(BENCH_DB);
    const count = (db.prepare("SELECT value FROM meta WHERE key = 'seed'").get() as { value: string } | undefined) ? (db.prepare('SELECT count(*) AS n FROM places').get() as { n: number }).n : 0;
    db.close();
    if (count === BENCH_COUNT) return BENCH_DB;
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(BENCH_DB + suffix, { force: true });
  }
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  process.stdout.write(`generating ${BENCH_COUNT} places into ${BENCH_DB} (a few minutes, once)\n`);
  const started = Date.now();
  const store = SqlitePlaceStore.open(BENCH_DB);
  await seedPlaces(store, {
    count: BENCH_COUNT,
    baseUrl: BENCH_BASE_URL,
    today: isoDate(new Date()),
    onProgress: (n) => process.stdout.write(`  ${n} places (${Math.round((Date.now() - started) / 1000)} s)\n`),
  });
  store.close();
  return BENCH_DB;
}
