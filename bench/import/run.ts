// One timed import in a process of its own (so its peak memory is its own): `tsx bench/import/run.ts MODE FILE
// TARGET [READERS]`, MODE osm (READERS: how many threads read the extract), ndjson, dump (the store's places written
// as NDJSON, the baseline's input) or copy (FILE, a SQLite store, copied table to table into TARGET: the schema's
// floor; with a postgres:// TARGET, its places copied into a table like them: the table's floor), TARGET a SQLite
// file or a postgres:// URL.
// Prints one JSON line: seconds, places written, peak resident memory, and but for a copy the CPU seconds its main
// thread spent on the import (the thread that writes to SQLite).
import fs from 'node:fs';
import { importPlacesFile } from '@/lib/places/importer';
import { COMPACT_HEAP_ABOVE_MIB, importOsmPlaces } from '@/lib/places/osm/import-osm';
import { PostgresPlaceStore } from '@/lib/places/store/postgres/store';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import type { PlaceStoreAdmin } from '@/lib/places/store/types';
import { mainThreadCpuSeconds } from '../process-cpu';
import { copyPlacesTable, copyStoreTables } from './copy';
import { dumpNdjson } from './dump';

const [mode, file, target, readers] = process.argv.slice(2);
const TODAY = '2026-11-29';

async function open(): Promise<PlaceStoreAdmin> {
  if (target.startsWith('postgres')) return PostgresPlaceStore.open({ primaryUrl: target, replicaUrls: [], maxReplicaLagMs: 5000, poolSize: 2 });
  return SqlitePlaceStore.open(target);
}

async function main() {
  if (mode === 'copy') {
    const copied = target.startsWith('postgres') ? await copyPlacesTable(target) : copyStoreTables(file, target);
    process.stdout.write(`${JSON.stringify({ ...copied, maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024) })}\n`);
    return;
  }
  const store = await open();
  const started = process.hrtime.bigint();
  const cpuAtStart = mainThreadCpuSeconds();
  let written = 0;
  let report: unknown = null;
  try {
    if (mode === 'osm') {
      const r = await importOsmPlaces(store, file, { today: TODAY, readers: readers ? Number(readers) : undefined, compactHeapAboveMiB: COMPACT_HEAP_ABOVE_MIB });
      written = r.added + r.changed + r.remapped;
      report = r;
    } else if (mode === 'ndjson') {
      const r = await importPlacesFile(store, file, TODAY);
      if (r.errors.length) throw new Error(`line ${r.errors[0].line}: ${r.errors[0].message}`);
      written = r.imported;
    } else if (mode === 'dump') {
      written = dumpNdjson((store as SqlitePlaceStore).db, fs.openSync(file, 'w'));
    } else throw new Error(`unknown mode ${mode}`);
  } finally {
    await store.close();
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  process.stdout.write(`${JSON.stringify({ seconds, written, maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024), mainThreadCpuS: mainThreadCpuSeconds() - cpuAtStart, report })}\n`);
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
