// `npm run bench:search [-- --backend sqlite,postgres]`: store-level latency on 1,000,000 places, beside a brute-force
// scan of the same queries (SQLite), and with postgres, the PostgreSQL store beside SQLite and plain PostGIS.
import { parseArgs } from 'node:util';
import { chord2ForMeters, unitVector } from '@/lib/places/geo';
import { mulberry32 } from '@/lib/places/dataset/prng';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import { PostgresPlaceStore } from '@/lib/places/store/postgres/store';
import type { SearchQuery } from '@/lib/places/store/types';
import { words } from '@/lib/places/text';
import { STANDARD_TAGS } from '@/lib/places/catalog';
import { RouteLine } from '@/lib/places/route/line';
import { ensureBenchDataset } from './dataset';
import { benchRoute } from './routes';
import { ensurePostgresBench } from './postgres-dataset';
import { benchBackends } from './search-postgres';
import { benchClusters, clusterClasses } from './clusters';
import { benchIdReads } from './id-reads';
import { benchReloadStalls } from './reload-stalls';

const { values: args } = parseArgs({ options: { backend: { type: 'string', default: 'sqlite' }, only: { type: 'string' } } });
const backends = new Set(args.backend!.split(',').map((b) => b.trim()));
for (const b of backends) {
  if (b !== 'sqlite' && b !== 'postgres') {
    process.stderr.write(`--backend takes sqlite, postgres or both (comma-separated), not ${b}\n`);
    process.exit(2);
  }
}

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const BRUTE_RUNS = Number(process.env.BENCH_BRUTE_RUNS ?? 15);

let file = '';
let store: SqlitePlaceStore;

/** Every place's columns in typed arrays: the brute-force baseline scans them all for each query. */
let n = 0;
let ids = new Float64Array(0);
let lons = new Float64Array(0);
let lats = new Float64Array(0);
let xs = new Float64Array(0);
let ys = new Float64Array(0);
let zs = new Float64Array(0);
let tags = new Int32Array(0);
let rvFlags = new Int32Array(0);
let names: string[][] = [];
const altNames = new Map<number, string[]>();

// Loaded after the store is timed: a million small arrays on the heap would otherwise lengthen the store's
// garbage-collection pauses, which a server without this baseline never has.
function loadBaseline(): void {
  const rows = store.db.prepare('SELECT id, lon, lat, tags, rv_flags, name_key FROM places ORDER BY id').raw(true).all() as [number, number, number, number, number, string][];
  n = rows.length;
  ids = new Float64Array(n);
  lons = new Float64Array(n);
  lats = new Float64Array(n);
  xs = new Float64Array(n);
  ys = new Float64Array(n);
  zs = new Float64Array(n);
  tags = new Int32Array(n);
  rvFlags = new Int32Array(n);
  names = new Array(n);
  rows.forEach((r, i) => {
    ids[i] = r[0];
    lons[i] = r[1];
    lats[i] = r[2];
    [xs[i], ys[i], zs[i]] = unitVector(r[1], r[2]);
    tags[i] = r[3];
    rvFlags[i] = r[4];
    names[i] = words(r[5]);
  });
  for (const r of store.db.prepare("SELECT id, body FROM places WHERE body LIKE '%\"alt_names\":[\"%'").raw(true).iterate() as Iterable<[number, string]>) {
    const alt = (JSON.parse(`${r[1]}}`) as { alt_names: string[] }).alt_names;
    altNames.set(r[0], words(alt.join(' ')));
  }
}

function bruteForce(q: SearchQuery): { total: number; ids: number[] } {
  if (q.route) return bruteForceRoute(q);
  const c = unitVector(q.center!.lon, q.center!.lat);
  const max = q.radius === undefined ? Infinity : chord2ForMeters(q.radius);
  const tagBit = q.tags.include.length ? 1 << STANDARD_TAGS.findIndex((t) => t.public_id === q.tags.include[0]) : 0;
  const nameWords = q.name ? words(q.name) : null;
  const hits: { id: number; d: number }[] = [];
  for (let i = 0; i < n; i++) {
    const dx = xs[i] - c[0];
    const dy = ys[i] - c[1];
    const dz = zs[i] - c[2];
    const d = dx * dx + dy * dy + dz * dz;
    if (d > max) continue;
    if (q.box && (lats[i] < q.box.south || lats[i] > q.box.north || lons[i] < q.box.west || lons[i] > q.box.east)) continue;
    if (tagBit && !(tags[i] & tagBit)) continue;
    if (q.rv?.rental && !(rvFlags[i] & 1)) continue;
    if (nameWords) {
      const have = names[i].concat(altNames.get(ids[i]) ?? []);
      if (!nameWords.every((w) => have.some((h) => h.startsWith(w)))) continue;
    }
    hits.push({ id: ids[i], d });
  }
  hits.sort((a, b) => a.d - b.d || a.id - b.id);
  return { total: hits.length, ids: hits.slice(0, 10).map((h) => h.id) };
}

/** Every place measured against the whole route, in route order (no filter: the benchmark's route class has none). */
function bruteForceRoute(q: SearchQuery): { total: number; ids: number[] } {
  const line = new RouteLine(q.route!.points);
  const max = chord2ForMeters(q.route!.buffer);
  const m = { c2: 0, along: 0 };
  const hits: { id: number; along: number; c2: number }[] = [];
  for (let i = 0; i < n; i++) {
    line.measure(xs[i], ys[i], zs[i], m);
    if (m.c2 <= max) hits.push({ id: ids[i], along: m.along, c2: m.c2 });
  }
  hits.sort((a, b) => a.along - b.along || a.c2 - b.c2 || a.id - b.id);
  return { total: hits.length, ids: hits.slice(0, 10).map((h) => h.id) };
}

/** What travelers type into "Go to": names of towns and of places, each matching at most 2,000 places at 1,000,000. */
const GO_TO_WORDS = ['denver', 'blue ridge', 'moab', 'yellow', 'paris', 'coyote look', 'juniper fuel', 'durham market', 'whitehall', 'tianjin lodge'];

const base = (center: { lon: number; lat: number }, radius: number): SearchQuery => ({
  center, radius, tags: { include: [], exclude: [] }, chains: { include: [], exclude: [] }, sort: 'distance', limit: 10, offset: 0,
});
const allClasses: [string, (c: { lon: number; lat: number }) => SearchQuery][] = [
  ['radius 10 km', (c) => base(c, 10_000)],
  ['radius 50 km', (c) => base(c, 50_000)],
  ['radius 200 km', (c) => base(c, 200_000)],
  ['200 km + tag restaurants', (c) => ({ ...base(c, 200_000), tags: { include: ['restaurants'], exclude: [] } })],
  ['box ∩ circle 200 km', (c) => ({ ...base(c, 200_000), box: { south: c.lat - 1, north: c.lat + 1.2, west: Math.max(-180, c.lon - 1.5), east: Math.min(180, c.lon + 2) } })],
  ['name "blue" within 100 km', (c) => ({ ...base(c, 100_000), name: 'blue' })],
  ['RV rental within 200 km', (c) => ({ ...base(c, 200_000), rv: { rental: true } })],
  // "Go to": a name looked up over the whole dataset (no radius), the center only the distance reference.
  ['name alone, whole dataset', (c) => ({ ...base(c, 0), radius: undefined, name: GO_TO_WORDS[Math.abs(Math.round(c.lon * 1e4 + c.lat * 1e4)) % GO_TO_WORDS.length] })],
  [
    '1,000 km route, 10 km buffer',
    (c) => ({ route: { points: benchRoute(c), buffer: 10_000 }, tags: { include: [], exclude: [] }, chains: { include: [], exclude: [] }, sort: 'route', limit: 10, offset: 0 }),
  ],
];
/** The worst `locations` searches the API accepts (issue 17, finding 1): whole countries and states, 20 entries. */
const US: SearchQuery['locations'] = [{ kind: 'country', code: 'US' }];
const TWENTY: SearchQuery['locations'] = [
  { kind: 'country', code: 'US' },
  ...['US-CA', 'US-NY', 'US-TX', 'US-FL', 'US-IL'].map((code) => ({ kind: 'state' as const, code })),
  { kind: 'region', id: 20000219 },
  ...['IN', 'CN', 'DE', 'MX', 'RU', 'FR', 'CA', 'BR', 'IT', 'JP', 'GB', 'ES', 'AU'].map((code) => ({ kind: 'country' as const, code })),
];
/** A small offset that varies with the center, so that the same class does not repeat one query. */
const vary = (c: { lon: number; lat: number }, n: number) => Math.abs(Math.round(c.lon * 1e4 + c.lat * 1e4)) % n;
const located = (locations: SearchQuery['locations'], extra: Partial<SearchQuery>): SearchQuery => ({
  locations, tags: { include: [], exclude: [] }, chains: { include: [], exclude: [] }, sort: 'relevance', limit: 10, offset: 0, ...extra,
});
const restaurants = { include: ['restaurants'], exclude: [] };
const allLocationClasses: [string, (c: { lon: number; lat: number }) => SearchQuery][] = [
  ['locations US, by distance', (c) => located(US, { center: c, sort: 'distance' })],
  ['locations US, relevance', (c) => located(US, { offset: vary(c, 50) })],
  ['locations US-CA, rating', (c) => located([{ kind: 'state', code: 'US-CA' }], { sort: 'rating', offset: vary(c, 50) })],
  ['locations 20 entries, relevance', (c) => located(TWENTY, { offset: vary(c, 50) })],
  ['locations 20 entries, distance', (c) => located(TWENTY, { center: c, sort: 'distance' })],
  ['locations US + tag, relevance', (c) => located(US, { tags: restaurants, offset: vary(c, 50) })],
  ['locations US + tag, distance', (c) => located(US, { tags: restaurants, center: c, sort: 'distance' })],
  ['locations US, by name', (c) => located(US, { sort: 'name', offset: vary(c, 50) })],
  ['locations US, offset 10,000', (c) => located(US, { offset: 10_000 - vary(c, 50), center: c })],
  ['locations US without tag, relevance', (c) => located(US, { tags: { include: [], exclude: ['campgrounds'] }, offset: vary(c, 50) })],
  ['locations US without tag, distance', (c) => located(US, { tags: { include: [], exclude: ['campgrounds'] }, center: c, sort: 'distance' })],
  ['locations 20 entries without chain, rating', (c) => located(TWENTY, { chains: { include: [], exclude: ['walmart'] }, sort: 'rating', offset: vary(c, 50) })],
  // Outside the location counts' cases: the point grid's one pass over the locations' places (SQLite).
  ['locations US + two tags, relevance', (c) => located(US, { tags: { include: ['restaurants', 'campgrounds'], exclude: [] }, offset: vary(c, 50) })],
  ['locations US + tag without chain, distance', (c) => located(US, { tags: restaurants, chains: { include: [], exclude: ['walmart'] }, center: c, sort: 'distance' })],
  ['locations 20 entries + fidelity 4+, rating', (c) => located(TWENTY, { minFidelity: 4, sort: 'rating', offset: vary(c, 50) })],
  ['locations US + name "lake", relevance', (c) => located(US, { name: 'lake', offset: vary(c, 50) })],
  // The commonest one-letter prefix: 290,000 matches anywhere, 129,000 in the US.
  ['locations US + name "s", relevance', (c) => located(US, { name: 's', offset: vary(c, 50) })],
  ['locations US + RV rental, distance', (c) => located(US, { rv: { rental: true }, center: c, sort: 'distance' })],
  ['locations US + two tags, by name', (c) => located(US, { tags: { include: ['restaurants', 'campgrounds'], exclude: [] }, sort: 'name', offset: vary(c, 50) })],
  // Along a route: the corridor's places checked against the locations, or the locations' against the corridor.
  ['locations US, 1,000 km route 50 km, route order', (c) => located(US, { route: { points: benchRoute(c), buffer: 50_000 }, sort: 'route', offset: vary(c, 50) })],
  ['locations US, 5,000 km route 50 km + two tags', (c) => located(US, { route: { points: benchRoute(c, 5000, 50), buffer: 50_000 }, tags: { include: ['restaurants', 'campgrounds'], exclude: [] }, sort: 'route' })],
  ['locations 20 entries, 1,000 km route, by name', (c) => located(TWENTY, { route: { points: benchRoute(c), buffer: 20_000 }, sort: 'name', offset: vary(c, 50) })],
  ['locations US + name "lake", 1,000 km route', (c) => located(US, { route: { points: benchRoute(c), buffer: 50_000 }, name: 'lake', sort: 'relevance' })],
];

/** `--only route` times only the classes whose name contains one of the comma-separated words. */
const only = args.only?.split(',').map((w) => w.trim().toLowerCase());
const classes = only ? allClasses.filter(([label]) => only.some((w) => label.toLowerCase().includes(w))) : allClasses;
const locationClasses = only ? allLocationClasses.filter(([label]) => only.some((w) => label.toLowerCase().includes(w))) : allLocationClasses;
/** Runs of the baseline of the locations classes: the scan of every match (seconds each at a million places). */
const SCAN_RUNS = Number(process.env.BENCH_SCAN_RUNS ?? 3);
/** The cold id reads (bench/id-reads.ts, SQLite) run unless `--only` leaves them out (`--only "id reads"`). */
const wantIdReads = !only || only.some((w) => 'cold id reads'.includes(w));
/** PostgreSQL's reload after a write (bench/reload-stalls.ts) runs unless `--only` leaves it out (`--only stalls`). */
const wantStalls = !only || only.some((w) => 'reload stalls'.includes(w));
/** The cluster classes (bench/clusters.ts) run unless `--only` names none of them. */
const wantClusters = !only || clusterClasses.some(([label]) => only.some((w) => label.toLowerCase().includes(w)));

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (ms: number) => ms.toFixed(2).padStart(8);

let centers: { lon: number; lat: number }[] = [];
let warmUpCenters: { lon: number; lat: number }[] = [];

async function main() {
  file = await ensureBenchDataset();
  store = SqlitePlaceStore.open(file);
  await store.refresh();
/** Centers on places drawn at random (so dense where places are dense): one set to warm up on, one to time. */
  const placeAt = store.db.prepare('SELECT lon, lat FROM places WHERE id >= ? ORDER BY id LIMIT 1');
  const idRange = store.db.prepare('SELECT min(id) AS lo, max(id) AS hi FROM places').get() as { lo: number; hi: number };
  const rng = mulberry32(2024);
  const drawCenters = (count: number) =>
  Array.from({ length: count }, () => {
    const p = placeAt.get(idRange.lo + Math.floor(rng() * (idRange.hi - idRange.lo + 1))) as { lon: number; lat: number };
    return { lon: Math.round(p.lon * 1e4) / 1e4, lat: Math.round(p.lat * 1e4) / 1e4 };
  });
  centers = drawCenters(RUNS);
  warmUpCenters = drawCenters(RUNS);
  if (backends.has('postgres')) {
    const server = await ensurePostgresBench(file);
    try {
      await store.warm();
      await benchBackends({
        url: server.url, sqlite: store, classes, locationClasses, locationPlainRuns: SCAN_RUNS, centers, warmUpCenters, plainRuns: Number(process.env.BENCH_PLAIN_RUNS ?? 50),
      });
      if (wantStalls) await benchReloadStalls(server.url);
      if (wantClusters) {
        const pgStore = await PostgresPlaceStore.open({ primaryUrl: server.url, replicaUrls: [], maxReplicaLagMs: 5000, poolSize: 2 });
        await pgStore.warm();
        await benchClusters(pgStore, centers, warmUpCenters, BRUTE_RUNS, 'PostgreSQL');
        await pgStore.close();
      }
    } finally {
      server.stop();
    }
    if (!backends.has('sqlite')) return store.close();
  }
  const count = (await store.count());
  process.stdout.write(`\n${count} places; ${RUNS} queries per class (store, after ${RUNS} warm-up queries on other centers), ${BRUTE_RUNS} (brute force); limit 10 with exact total\n`);
  process.stdout.write('loading the store (count table, point grid)...\n');
  let t = performance.now();
  store.warm();
  process.stdout.write(`  ${Math.round(performance.now() - t)} ms\n`);
  const timed: { label: string; times: number[]; meanTotal: number }[] = [];
  for (const [label, make] of classes) {
    for (const c of warmUpCenters) await store.search(make(c));
    const times: number[] = [];
    let totals = 0;
    for (const c of centers) {
      const start = performance.now();
      const r = await store.search(make(c));
      times.push(performance.now() - start);
      totals += r.total;
    }
    timed.push({ label, times: times.sort((a, b) => a - b), meanTotal: Math.round(totals / RUNS) });
  }

  const timedLocations: { label: string; times: number[]; meanTotal: number; refused: number }[] = [];
  for (const [label, make] of locationClasses) {
    for (const c of warmUpCenters) await store.search(make(c)).catch(() => null);
    const times: number[] = [];
    let totals = 0;
    let refused = 0;
    for (const c of centers) {
      const start = performance.now();
      const r = await store.search(make(c)).catch((err: unknown) => {
        if ((err as { status?: number }).status !== 503) throw err;
        refused++;
        return null;
      });
      times.push(performance.now() - start);
      totals += r?.total ?? 0;
    }
    timedLocations.push({ label, times: times.sort((a, b) => a - b), meanTotal: Math.round(totals / Math.max(1, RUNS - refused)), refused });
  }

  if (wantClusters) await benchClusters(store, centers, warmUpCenters, BRUTE_RUNS);
  if (wantIdReads) benchIdReads(store.db, file);

  process.stdout.write('loading the brute-force baseline...\n');
  t = performance.now();
  loadBaseline();
  process.stdout.write(`  ${Math.round(performance.now() - t)} ms\n\n`);
  process.stdout.write(`${'class'.padEnd(28)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'mean total'.padStart(11)} | ${'brute p50'.padStart(9)} ${'brute p99'.padStart(9)}  same results\n`);
  for (const [i, [label, make]] of classes.entries()) {
    const brute: number[] = [];
    let same = true;
    for (const c of centers.slice(0, BRUTE_RUNS)) {
      const q = make(c);
      const start = performance.now();
      const expected = bruteForce(q);
      brute.push(performance.now() - start);
      const got = await store.search(q);
      if (got.total !== expected.total || got.hits.map((h) => h.id).join() !== expected.ids.join()) same = false;
    }
    brute.sort((a, b) => a - b);
    const { times, meanTotal } = timed[i];
    process.stdout.write(
      `${label.padEnd(28)} ${fmt(pct(times, 50))} ${fmt(pct(times, 99))} ${String(meanTotal).padStart(11)} | ${fmt(pct(brute, 50)).padStart(9)} ${fmt(pct(brute, 99)).padStart(9)}  ${same ? 'yes' : 'NO'}\n`,
    );
  }
  if (locationClasses.length) {
    process.stdout.write(
      `\n${'locations class'.padEnd(48)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'mean total'.padStart(11)} ${'503s'.padStart(5)} | ${'scan p50'.padStart(9)} ${'scan p99'.padStart(9)}  same results (baseline: the scan of every match, ${SCAN_RUNS} runs, no deadline)\n`,
    );
    const scan = new SqlitePlaceStore(store.db, { locationCounts: false });
    const deadline = process.env.PLACES_SEARCH_DEADLINE_MS;
    for (const [i, [label, make]] of locationClasses.entries()) {
      const base: number[] = [];
      let same = true;
      for (const c of centers.slice(0, SCAN_RUNS)) {
        const q = make(c);
        process.env.PLACES_SEARCH_DEADLINE_MS = '120000';
        const start = performance.now();
        const expected = await scan.search(q);
        base.push(performance.now() - start);
        if (deadline === undefined) delete process.env.PLACES_SEARCH_DEADLINE_MS;
        else process.env.PLACES_SEARCH_DEADLINE_MS = deadline;
        const got = await store.search(q).catch(() => null);
        if (!got || got.total !== expected.total || got.hits.map((h) => h.id).join() !== expected.hits.map((h) => h.id).join()) same = false;
      }
      base.sort((a, b) => a - b);
      const { times, meanTotal, refused } = timedLocations[i];
      process.stdout.write(
        `${label.padEnd(48)} ${fmt(pct(times, 50))} ${fmt(pct(times, 99))} ${String(meanTotal).padStart(11)} ${String(refused).padStart(5)} | ${fmt(pct(base, 50)).padStart(9)} ${fmt(pct(base, 99)).padStart(9)}  ${same ? 'yes' : 'NO'}\n`,
      );
    }
  }
  store.close();
}

void main();
