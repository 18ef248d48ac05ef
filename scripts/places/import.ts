// `npm run places:import -- FILE [--db FILE]`: imports NDJSON Place records, all or nothing.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@/lib/config/env';
import { importPlaces } from '@/lib/places/importer';
import { PLACES_FILE } from '@/lib/places/server';
import { isoDate } from '@/lib/places/status';
import { openPlacesDb } from '@/lib/places/store/sqlite/schema';

const { values, positionals } = parseArgs({ options: { db: { type: 'string' } }, allowPositionals: true });
if (positionals.length !== 1) {
  process.stderr.write('usage: npm run places:import -- FILE.ndjson [--db places.sqlite]\n');
  process.exit(2);
}
const file = positionals[0];
if (!fs.existsSync(file)) {
  process.stderr.write(`error: ${file} does not exist\n`);
  process.exit(1);
}
const dbFile = path.resolve(values.db ?? path.join(loadConfig().dataDir, PLACES_FILE));
fs.mkdirSync(path.dirname(dbFile), { recursive: true });
const db = openPlacesDb(dbFile);
const result = importPlaces(db, fs.readFileSync(file, 'utf8'), isoDate(new Date()));
db.close();
if (result.errors.length) {
  for (const e of result.errors.slice(0, 100)) process.stderr.write(`line ${e.line}: ${e.message}\n`);
  if (result.errors.length > 100) process.stderr.write(`... and ${result.errors.length - 100} more\n`);
  process.stderr.write(`nothing imported: ${result.errors.length} bad line(s)\n`);
  process.exit(1);
}
process.stdout.write(`imported ${result.imported} places into ${dbFile}\n`);
