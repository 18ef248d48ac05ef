// `npm run map:import -- FILE`: makes the map (vector tiles, OpenMapTiles schema) of an OpenStreetMap extract (.osm.pbf,
// .osm, .osm.bz2, .opl) with Debian's tilemaker and makes it the map the app serves, all or nothing: map.mbtiles in
// DATA_DIR, or PostgreSQL when DATABASE_URL is set.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '@/lib/config/env';
import { openDataDir } from '@/lib/core/data-dir';
import { MapImportError } from '@/lib/map/import/errors';
import { importMap } from '@/lib/map/import/import-map';
import { MbtilesError } from '@/lib/map/mbtiles';
import { openTileStore } from '@/lib/map/store';

const { positionals } = parseArgs({ allowPositionals: true });
if (positionals.length !== 1) {
  process.stderr.write('usage: npm run map:import -- FILE(.osm.pbf|.osm|.osm.bz2|.opl)\n');
  process.exit(2);
}

async function main(): Promise<number> {
  const config = loadConfig();
  const dataDir = openDataDir(config.dataDir);
  const store = await openTileStore(config);
  const started = Date.now();
  // Each phase's name as it starts, its time when it ends.
  let open: number | null = null;
  const endPhase = () => {
    if (open !== null) process.stdout.write(` (${((Date.now() - open) / 1000).toFixed(1)} s)\n`);
    open = null;
  };
  try {
    const summary = await importMap(store, positionals[0], {
      dataDir: dataDir.root,
      onPhase: (phase) => {
        endPhase();
        process.stdout.write(phase);
        open = Date.now();
      },
    });
    endPhase();
    const { info } = summary;
    process.stdout.write(
      `imported the map of ${info.source} into ${store.describe()} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        `${info.tileCount} tiles (zooms ${info.minzoom} to ${info.maxzoom}), ${(summary.bytes / 1024 / 1024).toFixed(1)} MiB\n`,
    );
    if (summary.waysWithoutNodes) process.stdout.write(`${summary.waysWithoutNodes} ways were left out: the extract lacks some of their nodes\n`);
    return 0;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    const known = err instanceof MapImportError || err instanceof MbtilesError;
    process.stderr.write(`\n${known ? '' : 'error: '}${(err as Error).message}\n`);
    if (!known && !fs.existsSync(positionals[0])) process.stderr.write(`(${positionals[0]} does not exist)\n`);
    process.exit(1);
  },
);
