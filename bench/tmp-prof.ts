import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import { benchRoute } from '@/bench/routes';
import { mulberry32 } from '@/lib/places/dataset/prng';
import { searchArea } from '@/lib/places/store/search-plan';
import { walkCells } from '@/lib/places/store/cell-walk';
import { COUNT_ALL } from '@/lib/places/store/count-keys';
async function main() {
const store = SqlitePlaceStore.open('.test-data/bench/places-1m.sqlite', { readonly: true });
await store.warm();
const placeAt = store.db.prepare('SELECT lon, lat FROM places WHERE id >= ? ORDER BY id LIMIT 1');
const r = store.db.prepare('SELECT min(id) AS lo, max(id) AS hi FROM places').get() as { lo: number; hi: number };
const rng = mulberry32(7);
const qs = [];
for (let i = 0; i < 100; i++) {
  const p = placeAt.get(r.lo + Math.floor(rng() * (r.hi - r.lo))) as { lon: number; lat: number };
  qs.push({ route: { points: benchRoute(p), buffer: 10_000 }, tags: { include: [], exclude: [] }, chains: { include: [], exclude: [] }, sort: 'route' as const, limit: 10, offset: 0 });
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const searcher = (store as any).searcher;
const each = searcher.each;
const rows: number[][] = [];
for (const q of qs) {
  let t = performance.now();
  const area = searchArea(q);
  const tArea = performance.now() - t; t = performance.now();
  const ranges = walkCells(each, area, COUNT_ALL, null);
  const tWalk = performance.now() - t; t = performance.now();
  let cells = 0; for (const [a, b] of ranges) cells += b - a + 1;
  const cpu0 = process.cpuUsage();
  const run = searcher.run(q);
  const tRun = performance.now() - t; t = performance.now();
  const cpu = process.cpuUsage(cpu0); const tCpu = (cpu.user + cpu.system) / 1000;
  await store.search(q);
  const tAll = performance.now() - t;
  rows.push([tArea, tWalk, tRun, tCpu, tAll, run.total, cells]);
}
rows.sort((a, b) => b[3] - a[3]);
const cpus = rows.map((r) => r[3]).sort((a, b) => a - b); console.log('cpu p50', cpus[50].toFixed(2), 'p99', cpus[98].toFixed(2));
for (const x of rows.slice(0, 8)) console.log(x.map((v) => v.toFixed(1)).join('\t'));
}
void main();
