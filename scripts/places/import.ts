// `npm run places:import -- FILE [--db FILE]`: imports places into the configured place store (PostgreSQL when
// DATABASE_URL is set, else the SQLite file), all or nothing: an OpenStreetMap extract (.osm.pbf, .osm, .osm.bz2,
// .osm.gz, .opl; docs/osm-import.md) or NDJSON Place records in the API's own shape. A progress bar on a terminal.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '@/lib/config/env';
import { importPlacesFile } from '@/lib/places/importer';
import { ownedLine } from '@/lib/places/owned-overlay';
import { ownedOverlay, reapplyEditsDuringImport, recordImportDifferences } from '@/lib/owners/import-overlay';
import { storePlaceRecords } from '@/lib/places/place-records';
import { openOwnerStore } from '@/lib/owners/store';
import { isOsmFile, runOsmImport } from './import-osm';
import { isoDate } from '@/lib/places/status';
import { openPlaceStore, PLACES_FILE } from '@/lib/places/store';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';

const { values, positionals } = parseArgs({ options: { db: { type: 'string' } }, allowPositionals: true });
if (positionals.length !== 1) {
  process.stderr.write('usage: npm run places:import -- FILE.osm.pbf|FILE.ndjson [--db places.sqlite]\n');
  process.exit(2);
}
const file = positionals[0];

async function main(): Promise<number> {
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist`);
  const config = loadConfig();
  let store;
  // The owners' store beside the places (the data directory's, or the database's): what owners set is kept.
  let ownersDir = config.dataDir;
  if (values.db || !config.database) {
    const dbFile = path.resolve(values.db ?? path.join(config.dataDir, PLACES_FILE));
    fs.mkdirSync(path.dirname(dbFile), { recursive: true });
    store = SqlitePlaceStore.open(dbFile);
    ownersDir = path.dirname(dbFile);
  } else {
    store = await openPlaceStore(config, { file: (name) => path.join(config.dataDir, name) });
  }
  const owners = await openOwnerStore(values.db ? { database: null } : config, { file: (name) => path.join(ownersDir, name) });
  const importStartedAt = new Date().toISOString();
  const owned = ownedOverlay(await owners.allOwnerships());
  // An owner's edit saved while the import ran is written again over it.
  const reapply = async (code: number) => {
    if (code === 0) {
      const again = await reapplyEditsDuringImport(owners, storePlaceRecords(store), importStartedAt);
      const differing = await recordImportDifferences(owners, owned.written, importStartedAt);
      if (differing) process.stdout.write(`owners of ${differing} place${differing === 1 ? '' : 's'} are shown where the file differs, to accept or keep\n`);
      if (again) process.stdout.write(`wrote again ${again} listing${again === 1 ? '' : 's'} their owners edited while the import ran\n`);
    }
    return code;
  };
  if (isOsmFile(file)) {
    try {
      return await reapply(await runOsmImport(store, file, owned));
    } finally {
      await owners.close();
      await store.close();
    }
  }
  const started = Date.now();
  const bar = process.stdout.isTTY
    ? new cliProgress.SingleBar({ format: 'importing [{bar}] {value}/{total} places | {rate}/s | {eta_formatted} left', hideCursor: true }, cliProgress.Presets.shades_classic)
    : null;
  try {
    const result = await importPlacesFile(store, file, isoDate(new Date()), {
      owned,
      onProgress: (written, total) => {
        if (!bar) return;
        if (!bar.getTotal()) bar.start(total, 0, { rate: 0 });
        bar.update(written, { rate: Math.round(written / Math.max(0.001, (Date.now() - started) / 1000)) });
      },
    });
    bar?.stop();
    if (result.errors.length) {
      for (const e of result.errors.slice(0, 100)) process.stderr.write(`line ${e.line}: ${e.message}\n`);
      if (result.errors.length > 100) process.stderr.write(`... and ${result.errors.length - 100} more\n`);
      process.stderr.write(`nothing imported: ${result.errors.length} bad line(s)\n`);
      return 1;
    }
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(`imported ${result.imported} places into ${store.describe()} in ${seconds.toFixed(1)} s (${Math.round(result.imported / Math.max(seconds, 0.001))}/s)\n`);
    process.stdout.write(`${ownedLine(result.owned)}\n`);
    return await reapply(0);
  } finally {
    bar?.stop();
    await owners.close();
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`error: ${(err as Error).message}\n`);
    process.exit(1);
  },
);
