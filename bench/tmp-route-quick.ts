import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import { benchRoute } from '@/bench/routes';
import { mulberry32 } from '@/lib/places/dataset/prng';
async function main() {
const store = SqlitePlaceStore.open('.test-data/bench/places-1m.sqlite', { readonly: true });
const t0 = performance.now();
await store.warm();
console.log('warm', Math.round(performance.now() - t0));
const placeAt = store.db.prepare('SELECT lon, lat FROM places WHERE id >= ? ORDER BY id LIMIT 1');
const r = store.db.prepare('SELECT min(id) AS lo, max(id) AS hi FROM places').get() as { lo: number; hi: number };
const rng = mulberry32(7);
const times: number[] = []; let totals: number[] = [];
for (let i = 0; i < 100; i++) {
  const p = placeAt.get(r.lo + Math.floor(rng() * (r.hi - r.lo))) as { lon: number; lat: number };
  const q = { route: { points: benchRoute(p), buffer: 10_000 }, tags: { include: [], exclude: [] }, chains: { include: [], exclude: [] }, sort: 'route' as const, limit: 10, offset: 0 };
  const s = performance.now();
  const res = await store.search(q);
  times.push(performance.now() - s); totals.push(res.total);
}
const sorted = [...times].sort((a, b) => a - b);
console.log('p50', sorted[50].toFixed(2), 'p99', sorted[98].toFixed(2), 'max', sorted[99].toFixed(2), 'mean total', Math.round(totals.reduce((a, b) => a + b) / totals.length), 'max total', Math.max(...totals));

}
void main();
