import Flatbush from 'flatbush';
import { mulberry32, hash32, type Rng } from '@/lib/places/dataset/prng';
import type { LonLat } from '../edge';
import { haversineMeters } from '../geometry';
import type { OsmTags } from '../road-tags';
import type { SourceWay } from '../import/types';
import { type DemoRestriction, pairKey, restrictionsByPair } from './demo-restrictions';
import type { DemoTown } from './demo-towns';

/** Each town is joined to its nearest neighbours by a road; the larger towns also to each other by highways. */
const NEIGHBOURS = 4;
const NEIGHBOUR_WITHIN_KM = 120;
const HIGHWAY_TOWN_POPULATION = 50_000;
const HIGHWAY_NEIGHBOURS = 3;
const HIGHWAY_WITHIN_KM = 450;
/** Towns whose places spread wider than this get streets: spokes and rings out to three spreads. */
const STREETS_FROM_SPREAD_KM = 2.5;
const SPOKES = 8;
const RING_SEGMENTS = 16;
/** Vertices of a generated road are about this far apart, so a road bends as it goes. */
const VERTEX_EVERY_KM = 8;

const townKey = (t: DemoTown) => `t${t.id}`;

/** A point `eastKm` east and `northKm` north of a town (a flat approximation: towns' streets are a few km long). */
function offset(t: DemoTown, eastKm: number, northKm: number): LonLat {
  return [t.lon + eastKm / (111.32 * Math.cos((t.lat * Math.PI) / 180)), t.lat + northKm / 110.57];
}

/** A line between two towns with a seeded gentle bend, as a road follows the land rather than the great circle. */
function bentLine(a: DemoTown, b: DemoTown, rng: Rng): LonLat[] {
  const km = haversineMeters([a.lon, a.lat], [b.lon, b.lat]) / 1000;
  const steps = Math.max(1, Math.ceil(km / VERTEX_EVERY_KM));
  const bend = (rng() - 0.5) * 0.16;
  const [dx, dy] = [b.lon - a.lon, b.lat - a.lat];
  const line: LonLat[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const sideways = bend * 4 * t * (1 - t);
    line.push([a.lon + dx * t - dy * sideways, a.lat + dy * t + dx * sideways]);
  }
  return line;
}

function nearestPairs(towns: readonly DemoTown[], count: number, withinKm: number): [DemoTown, DemoTown][] {
  const index = new Flatbush(Math.max(1, towns.length));
  for (const t of towns) index.add(t.lon, t.lat, t.lon, t.lat);
  index.finish();
  const seen = new Set<string>();
  const pairs: [DemoTown, DemoTown][] = [];
  for (const a of towns) {
    const near = index.neighbors(a.lon, a.lat, count + 1).map((i) => towns[i]);
    for (const b of near) {
      if (b.id === a.id || haversineMeters([a.lon, a.lat], [b.lon, b.lat]) > withinKm * 1000) continue;
      const key = a.id < b.id ? `${a.id}-${b.id}` : `${b.id}-${a.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      pairs.push(a.id < b.id ? [a, b] : [b, a]);
    }
  }
  return pairs;
}

function roadClass(a: DemoTown, b: DemoTown): string {
  const smaller = Math.min(a.population, b.population);
  if (smaller >= 50_000) return 'primary';
  if (smaller >= 10_000) return 'secondary';
  return 'tertiary';
}

function intercityWays(a: DemoTown, b: DemoTown, tags: OsmTags, restriction: DemoRestriction | undefined): SourceWay[] {
  const coordinates = bentLine(a, b, mulberry32(hash32(a.id, b.id)));
  const keys = coordinates.map((_, i) => (i === 0 ? townKey(a) : i === coordinates.length - 1 ? townKey(b) : `${a.id}-${b.id}/${tags.highway}/${i}`));
  if (!restriction) return [{ wayId: null, keys, coordinates, tags }];
  // The restricted stretch is the road's middle segment, a way of its own as a bridge or tunnel is in OpenStreetMap.
  const middle = Math.floor((coordinates.length - 1) / 2);
  const part = (from: number, to: number, extra: OsmTags = {}): SourceWay => ({
    wayId: null,
    keys: keys.slice(from, to + 1),
    coordinates: coordinates.slice(from, to + 1),
    tags: { ...tags, ...extra },
  });
  const restricted = part(middle, middle + 1, { ...restriction.tags, name: `${tags.name} (${restriction.what})` });
  return [part(0, middle), restricted, part(middle + 1, coordinates.length - 1)].filter((w) => w.coordinates.length > 1);
}

/** Spokes from the centre and rings around it, so the town's places are near a street. */
function townStreets(t: DemoTown): SourceWay[] {
  const radii = [1, 2, 3].map((k) => k * t.spreadKm);
  const at = (r: number, j: number): LonLat => {
    const angle = (2 * Math.PI * j) / RING_SEGMENTS;
    return offset(t, r * Math.sin(angle), r * Math.cos(angle));
  };
  const key = (r: number, j: number) => `t${t.id}/r${r}/b${j % RING_SEGMENTS}`;
  const ways: SourceWay[] = [];
  for (let s = 0; s < SPOKES; s++) {
    const j = (s * RING_SEGMENTS) / SPOKES;
    ways.push({
      wayId: null,
      keys: [townKey(t), ...radii.map((_, k) => key(k, j))],
      coordinates: [[t.lon, t.lat], ...radii.map((r) => at(r, j))],
      tags: { highway: 'secondary', name: `${t.name} spoke road ${s + 1}` },
    });
  }
  radii.forEach((r, k) => {
    const js = Array.from({ length: RING_SEGMENTS + 1 }, (_, j) => j);
    ways.push({ wayId: null, keys: js.map((j) => key(k, j)), coordinates: js.map((j) => at(r, j)), tags: { highway: k === 0 ? 'tertiary' : 'residential', name: `${t.name} ring road ${k + 1}` } });
  });
  return ways;
}

/** The generated roads, before the demo's restrictions are set on a few of them. */
export function demoWays(towns: readonly DemoTown[]): SourceWay[] {
  const restrictions = restrictionsByPair(towns);
  const placed = new Set<DemoRestriction>();
  const join = (a: DemoTown, b: DemoTown, tags: OsmTags) => {
    const restriction = tags.highway === 'motorway' ? undefined : restrictions.get(pairKey(a.id, b.id));
    if (restriction) placed.add(restriction);
    return intercityWays(a, b, tags, restriction);
  };
  const ways: SourceWay[] = [];
  for (const [a, b] of nearestPairs(towns, NEIGHBOURS, NEIGHBOUR_WITHIN_KM)) ways.push(...join(a, b, { highway: roadClass(a, b), name: `${a.name}–${b.name} Road` }));
  const large = towns.filter((t) => t.population >= HIGHWAY_TOWN_POPULATION);
  for (const [a, b] of nearestPairs(large, HIGHWAY_NEIGHBOURS, HIGHWAY_WITHIN_KM)) {
    ways.push(...join(a, b, { highway: 'motorway', oneway: 'no', name: `${a.name}–${b.name} Highway`, maxspeed: '65 mph' }));
  }
  const missing = [...restrictions.values()].filter((r) => !placed.has(r));
  if (missing.length) throw new Error(`demo roads: no road joins the towns of the ${missing.map((r) => r.what).join(', ')}`);
  for (const t of towns) if (t.spreadKm > STREETS_FROM_SPREAD_KM) ways.push(...townStreets(t));
  return ways;
}
