// `npm run bench:ranking [-- --places 20000]`: what counting travelers' reviews into the search order costs on the
// embedded store (lib/places/store/sqlite/traveler-tallies.ts): a pass that finds nothing changed (the baseline: what
// every PLACES_RANKING_SECONDS costs when nobody wrote a review), passes that write 1, 100 and 1,000 places, and the
// rebuild of the memory index each written pass causes, beside the same build at start. A generated store of
// `--places` places is made once under .test-data/bench.
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { seedPlaces } from '@/lib/places/dataset/seed';
import { isoDate } from '@/lib/places/status';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import type { ReviewTally } from '@/lib/places/traveler-content';
import { BENCH_BASE_URL, BENCH_DIR } from './dataset';

function placesArg(): number {
  const i = process.argv.indexOf('--places');
  const n = i > 0 ? Number(process.argv[i + 1]) : 20_000;
  if (!Number.isInteger(n) || n < 1000) throw new Error('--places takes a whole number of at least 1,000');
  return n;
}

async function storeOf(places: number): Promise<string> {
  const file = path.join(BENCH_DIR, `ranking-${places}.sqlite`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  process.stdout.write(`generating ${places} places into ${file} (once)\n`);
  const store = SqlitePlaceStore.open(file);
  await seedPlaces(store, { count: places, baseUrl: BENCH_BASE_URL, today: isoDate(new Date()) });
  store.close();
  return file;
}

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;

/** The result, the time taken and the longest the event loop waited meanwhile (what other requests would wait). */
async function timed<T>(fn: () => Promise<T>): Promise<[T, number, number]> {
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  stalls.enable();
  const started = process.hrtime.bigint();
  const result = await fn();
  const took = ms(started);
  await new Promise((r) => setTimeout(r, 10));
  stalls.disable();
  return [result, took, stalls.max / 1e6];
}

/** Searches until the memory index is ready again: how long a written pass leaves searches on SQLite's indexes alone. */
async function rebuildMs(store: SqlitePlaceStore): Promise<number> {
  const started = process.hrtime.bigint();
  // Around Denver, by rating: a search the memory index answers once built.
  const query = { center: { lon: -104.99, lat: 39.74 }, radius: 200_000, tags: { include: [], exclude: [] }, chains: { include: [], exclude: [] }, sort: 'rating' as const, limit: 10, offset: 0 };
  await store.search(query);
  while (store.memoryIndexState !== 'ready') {
    await new Promise((r) => setImmediate(r));
    await store.search(query);
  }
  return ms(started);
}

async function main() {
  const places = placesArg();
  const file = await storeOf(places);
  const store = SqlitePlaceStore.open(file);
  const ids = (store.db.prepare('SELECT id FROM places ORDER BY id').pluck().all() as number[]).filter((_, i) => i % 7 === 0);
  const warmStarted = process.hrtime.bigint();
  await store.warm();
  const warmMs = ms(warmStarted);
  const rows: [string, number, number, number | null][] = [['memory index built at start (baseline for the rebuilds)', 0, warmMs, null]];
  let tallies = new Map<number, ReviewTally>();
  await store.applyTravelerTallies(tallies);
  await rebuildMs(store);
  for (const written of [1, 100, 1000]) {
    // The same reviews again: nothing to write.
    const [unchanged, sameMs, sameStall] = await timed(() => store.applyTravelerTallies(tallies));
    rows.push([`pass, nothing changed, ${tallies.size} places reviewed (baseline)`, unchanged, sameMs, sameStall]);
    tallies = new Map(tallies);
    for (const id of ids.slice(0, written)) tallies.set(id, { count: (tallies.get(id)?.count ?? 0) + 1, ratingSum: (tallies.get(id)?.ratingSum ?? 0) + 5 });
    const [changed, passMs, passStall] = await timed(() => store.applyTravelerTallies(tallies));
    rows.push([`pass writing ${written} places`, changed, passMs, passStall]);
    rows.push([`  then the memory index rebuilt, searches on SQLite meanwhile`, 0, await rebuildMs(store), null]);
  }
  await store.applyTravelerTallies(new Map());
  store.close();
  process.stdout.write(`\n${places} places, SQLite, ${new Date().toISOString()}\n\n| step | places written | ms | longest event-loop wait, ms |\n| --- | --- | --- | --- |\n`);
  for (const [step, n, t, stall] of rows) process.stdout.write(`| ${step} | ${n} | ${t.toFixed(1)} | ${stall === null ? '' : stall.toFixed(1)} |\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : err}\n`);
  process.exit(1);
});
