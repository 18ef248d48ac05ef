import { PostgresPlaceStore } from '@/lib/places/store/postgres/store';
import { SqlitePlaceStore } from '@/lib/places/store/sqlite/store';
import { benchRoute } from '@/bench/routes';
import { mulberry32 } from '@/lib/places/dataset/prng';
async function main() {
const sqlite = SqlitePlaceStore.open('.test-data/bench/places-1m.sqlite', { readonly: true });
const store = await PostgresPlaceStore.open({ primaryUrl: process.env.URL!, replicaUrls: [], maxReplicaLagMs: 5000, poolSize: 2 });
await store.warm();
const placeAt = sqlite.db.prepare('SELECT lon, lat FROM places WHERE id >= ? ORDER BY id LIMIT 1');
const r = sqlite.db.prepare('SELECT min(id) AS lo, max(id) AS hi FROM places').get() as { lo: number; hi: number };
const rng = mulberry32(7);
const qs = [];
for (let i = 0; i < 200; i++) {
  const p = placeAt.get(r.lo + Math.floor(rng() * (r.hi - r.lo))) as { lon: number; lat: number };
  qs.push({ route: { points: benchRoute(p), buffer: 10_000 }, tags: { include: [], exclude: [] }, chains: { include: [], exclude: [] }, sort: 'route' as const, limit: 10, offset: 0 });
}
for (const q of qs.slice(100)) await store.search(q);
const times: number[] = [];
for (const q of qs.slice(0, 100)) { const t = performance.now(); await store.search(q); times.push(performance.now() - t); }
times.sort((a, b) => a - b);
console.log('pg p50', times[50].toFixed(2), 'p99', times[98].toFixed(2));
await store.close();
}
void main();
