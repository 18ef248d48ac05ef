// `npm run bench:owners [-- --places 20000 --edits 10]`: how long an owner's edit (a new serviced make on an RV
// dealer, written through lib/places/place-records.ts as the listing editor writes it) takes to reach a search by
// that make: on the embedded SQLite store, and on PostgreSQL (a throwaway primary and streaming replica) on the
// instance that wrote it (the baseline) and on a second instance reading through the replica, whose own copy of the
// search columns reloads when the store's data version moves (issue 53's target: 5 s on every instance).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RV_SERVICED_MAKES } from '@/lib/places/catalog';
import { seedPlaces } from '@/lib/places/dataset/seed';
import { storePlaceRecords } from '@/lib/places/place-records';
import { isoDate } from '@/lib/places/status';
import { PostgresPlaceStore } from '@/lib/places/store/postgres/store';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import type { PlaceStoreAdmin, SearchQuery } from '@/lib/places/store/types';
import { startLocalCluster, stopLocalCluster } from '@/scripts/db/local-postgres';
import { BENCH_BASE_URL } from './dataset';

const { values } = parseArgs({ options: { places: { type: 'string', default: '20000' }, edits: { type: 'string', default: '10' } } });
const PLACES = Number(values.places);
const EDITS = Number(values.edits);
const TODAY = isoDate(new Date());
const DEADLINE_MS = 60_000;

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
const byMake = (lon: number, lat: number, make: string): SearchQuery => ({
  center: { lon, lat },
  radius: 100,
  tags: { include: [], exclude: [] },
  chains: { include: [], exclude: [] },
  rv: { makes: [make] },
  sort: 'distance',
  limit: 10,
  offset: 0,
});

/** RV dealers and, for each, a make it does not service yet: what each edit adds. */
async function dealers(store: PlaceStoreAdmin, count: number): Promise<{ id: number; make: string }[]> {
  const records = storePlaceRecords(store);
  const found: { id: number; make: string }[] = [];
  const { hits } = await store.search({
    locations: [{ kind: 'country', code: 'US' }],
    tags: { include: [], exclude: [] },
    chains: { include: [], exclude: [] },
    rv: { makes: ['Jayco'] },
    sort: 'name',
    limit: 100,
    offset: 0,
  });
  for (const { id } of hits) {
    if (found.length === count) break;
    const record = await records.record(id);
    const rv = record?.rv_service;
    const make = rv && RV_SERVICED_MAKES.find((m) => !rv.serviced_makes.includes(m));
    if (make) found.push({ id, make });
  }
  return found;
}

/** Writes each edit on `writer`, then searches each reader until the dealer is found by its new make: ms per reader. */
async function measure(writer: PlaceStoreAdmin, readers: PlaceStoreAdmin[]): Promise<number[][]> {
  const records = storePlaceRecords(writer);
  const times: number[][] = readers.map(() => []);
  for (const { id, make } of await dealers(writer, EDITS)) {
    const record = (await records.record(id))!;
    const { longitude, latitude } = record.locations[0];
    const started = process.hrtime.bigint();
    await records.replace({ ...record, rv_service: { ...record.rv_service!, serviced_makes: [...record.rv_service!.serviced_makes, make] } });
    await Promise.all(
      readers.map(async (reader, i) => {
        while (!(await reader.search(byMake(longitude, latitude, make))).hits.some((h) => h.id === id)) {
          if (ms(started) > DEADLINE_MS) throw new Error(`place ${id} not found by ${make} within ${DEADLINE_MS} ms`);
          await new Promise((r) => setTimeout(r, 5));
        }
        times[i].push(ms(started));
      }),
    );
  }
  return times;
}

const summary = (label: string, t: number[]) => {
  if (!t.length) throw new Error(`no RV dealer to edit among ${PLACES} places`);
  const sorted = [...t].sort((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(0).padStart(6);
  return `${label.padEnd(58)} median ${p(0.5)} ms   max ${p(1)} ms   (${t.length} edits)`;
};

async function sqlite(dir: string): Promise<string[]> {
  const store = SqlitePlaceStore.open(path.join(dir, 'places.sqlite'));
  try {
    await seedPlaces(store, { count: PLACES, baseUrl: BENCH_BASE_URL, today: TODAY });
    await store.warm();
    const [one] = await measure(store, [store]);
    return [summary('SQLite, the one instance', one)];
  } finally {
    store.close();
  }
}

async function postgres(dir: string): Promise<string[]> {
  const cluster = await startLocalCluster({ dir: path.join(dir, 'pg'), replicas: 1 });
  const options = { primaryUrl: cluster.primaryUrl(), replicaUrls: cluster.replicaUrls(), maxReplicaLagMs: 5000, poolSize: 4 };
  const writer = await PostgresPlaceStore.open(options);
  try {
    await seedPlaces(writer, { count: PLACES, baseUrl: BENCH_BASE_URL, today: TODAY });
    await writer.warm();
    // A second instance: its own LISTEN and its own copy of the search columns, reading through the replica.
    const other = await PostgresPlaceStore.open(options);
    try {
      await other.warm();
      const [own, second] = await measure(writer, [writer, other]);
      return [summary('PostgreSQL, the instance that wrote it (baseline)', own), summary('PostgreSQL, a second instance reading the replica', second)];
    } finally {
      await other.close();
    }
  } finally {
    await writer.close();
    stopLocalCluster(cluster.dir);
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-owners-'));
  fs.chmodSync(dir, 0o755);
  try {
    console.log(`an owner's edit until a search by the new make finds the place: ${PLACES} generated places, ${EDITS} edits, load ${os.loadavg()[0].toFixed(1)}`);
    for (const line of [...(await sqlite(dir)), ...(await postgres(dir))]) console.log(line);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
