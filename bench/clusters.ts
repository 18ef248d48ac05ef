// The cluster aggregate at 1,000,000 places: a continent-wide viewport, timed on the store's counts, beside supercluster
// (the usual library) indexing the very same matches and clustering them for the same viewport and zoom.
import Supercluster from 'supercluster';
import { clusterSearch, type ClusterRequest } from '@/lib/places/clusters/cluster-search';
import type { PlaceStore, SearchQuery } from '@/lib/places/store/types';

type Center = { lon: number; lat: number };

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (ms: number) => ms.toFixed(2).padStart(8);

const search = (center: Center, radius: number, tags: string[] = []): SearchQuery => ({
  center, radius, tags: { include: tags, exclude: [] }, chains: { include: [], exclude: [] }, sort: 'distance', limit: 10, offset: 0,
});

/** A viewport of 70 by 35 degrees (North America, Europe) around the center, at zoom 4: about 800 by 450 pixels. */
const continent = (c: Center): Pick<ClusterRequest, 'bbox' | 'zoom'> => {
  const wrap = (lon: number) => (lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon);
  return { bbox: { west: wrap(c.lon - 35), east: wrap(c.lon + 35), south: Math.max(-85, c.lat - 17.5), north: Math.min(85, c.lat + 17.5) }, zoom: 4 };
};

/** A viewport of 20 by 10 degrees at zoom 6 (about 900 by 500 pixels): the count table's 0.02-degree cells. */
const region = (c: Center): Pick<ClusterRequest, 'bbox' | 'zoom'> => {
  const wrap = (lon: number) => (lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon);
  return { bbox: { west: wrap(c.lon - 10), east: wrap(c.lon + 10), south: Math.max(-85, c.lat - 5), north: Math.min(85, c.lat + 5) }, zoom: 6 };
};

/** The whole map at zoom 0 (issue 35, finding 6): a search by its box alone, the baseline, and by a whole country. */
const WORLD = { west: -180, south: -85, east: 180, north: 85 };
const world = (q: Partial<SearchQuery>): ClusterRequest => ({
  query: { tags: { include: [], exclude: [] }, chains: { include: [], exclude: [] }, sort: 'relevance', limit: 10, offset: 0, ...q },
  bbox: WORLD,
  zoom: 0,
});

export const clusterClasses: [string, (c: Center) => ClusterRequest][] = [
  ['continent, 500 km circle', (c) => ({ query: search(c, 500_000), ...continent(c) })],
  ['continent, 500 km, one tag', (c) => ({ query: search(c, 500_000, ['restaurants']), ...continent(c) })],
  ['region z6, 500 km circle', (c) => ({ query: search(c, 500_000), ...region(c) })],
  ['world z0, box only', () => world({ box: WORLD })],
  ['world z0, country:US', () => world({ locations: [{ kind: 'country', code: 'US' }] })],
  ['world z0, US, two tags', () => world({ locations: [{ kind: 'country', code: 'US' }], tags: { include: ['restaurants', 'campgrounds'], exclude: [] } })],
];

/** supercluster over the matches: index them, then cluster the viewport at the zoom (its default 40-pixel radius). */
function superclusterRun(points: { lon: number; lat: number }[], req: ClusterRequest): number {
  const index = new Supercluster({ maxZoom: 16, radius: 40 });
  index.load(points.map((p) => ({ type: 'Feature' as const, properties: {}, geometry: { type: 'Point' as const, coordinates: [p.lon, p.lat] } })));
  const { west, south, east, north } = req.bbox;
  const boxes: [number, number, number, number][] = west <= east ? [[west, south, east, north]] : [[west, south, 180, north], [-180, south, east, north]];
  let total = 0;
  for (const b of boxes) for (const f of index.getClusters(b, Math.floor(req.zoom))) total += (f.properties as { point_count?: number }).point_count ?? 1;
  return total;
}

export async function benchClusters(store: PlaceStore, centers: Center[], warmUpCenters: Center[], referenceRuns: number, engine = 'SQLite'): Promise<void> {
  process.stdout.write(`\ncluster aggregate (GET /api/v2/search/clusters) on ${engine}, ${centers.length} viewports per class; supercluster over the same matches, ${referenceRuns} runs\n`);
  process.stdout.write(`${'class'.padEnd(28)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'cpu p99'.padStart(8)} ${'mean total'.padStart(11)} ${'clusters'.padStart(9)} | ${'super p50'.padStart(9)} ${'super p99'.padStart(9)}  same total\n`);
  for (const [label, make] of clusterClasses) {
    for (const c of warmUpCenters) await clusterSearch(store, make(c));
    const times: number[] = [];
    // CPU time of the process per query: on a shared machine, wall time also counts waiting for a core.
    const cpu: number[] = [];
    let totals = 0;
    let clusters = 0;
    for (const c of centers) {
      const start = performance.now();
      const used = process.cpuUsage();
      const r = await clusterSearch(store, make(c));
      times.push(performance.now() - start);
      const d = process.cpuUsage(used);
      cpu.push((d.user + d.system) / 1000);
      totals += r.total;
      clusters += r.clusters.length + r.places.length;
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const reference: number[] = [];
    let same = true;
    for (const c of centers.slice(0, referenceRuns)) {
      const req = make(c);
      const ours = await clusterSearch(store, req);
      // The matches themselves, every one as a place: what a server without counts would hand supercluster.
      const { points } = await store.viewMatches(req.query, { box: req.bbox, cells: 'none' });
      const start = performance.now();
      const total = superclusterRun(points, req);
      reference.push(performance.now() - start);
      if (total !== ours.total) same = false;
    }
    reference.sort((a, b) => a - b);
    process.stdout.write(
      `${label.padEnd(28)} ${fmt(pct(times, 50))} ${fmt(pct(times, 99))} ${fmt(pct(cpu, 99))} ${String(Math.round(totals / centers.length)).padStart(11)} ${String(Math.round(clusters / centers.length)).padStart(9)} | ${fmt(pct(reference, 50)).padStart(9)} ${fmt(pct(reference, 99)).padStart(9)}  ${same ? 'yes' : 'NO'}\n`,
    );
  }
}
