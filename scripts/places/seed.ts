// `npm run seed -- [--count N] [--out FILE] [--seed N] [--base-url URL] [--force]`: generates the place dataset.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@/lib/config/env';
import { seedPlaces } from '@/lib/places/dataset/seed';
import { PLACES_FILE } from '@/lib/places/server';
import { isoDate } from '@/lib/places/status';
import { openPlacesDb } from '@/lib/places/store/sqlite/schema';

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
const out = path.resolve(values.out ?? path.join(config.dataDir, PLACES_FILE));
if (fs.existsSync(out)) {
  if (!values.force) {
    process.stderr.write(`error: ${out} exists: pass --force to replace it\n`);
    process.exit(1);
  }
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(out + suffix, { force: true });
}
fs.mkdirSync(path.dirname(out), { recursive: true });

const started = Date.now();
const db = openPlacesDb(out);
seedPlaces(db, {
  count,
  seed: values.seed ? Number(values.seed) : undefined,
  baseUrl: values['base-url'] ?? config.publicUrl,
  today: isoDate(new Date()),
  onProgress: (done) => process.stdout.write(`  ${done} places (${Math.round((Date.now() - started) / 1000)} s)\n`),
});
db.close();
process.stdout.write(`seeded ${count} places into ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
