import Flatbush from 'flatbush';
import { mulberry32, hash32 } from '@/lib/places/dataset/prng';
import type { LonLat } from '../edge';
import { haversineMeters } from '../geometry';
import type { SourceWay } from '../import/types';
import { crossesBarrier } from './barriers';
import { corridorWays } from './corridor-ways';
import { bentLine, roadBetween } from './demo-lines';
import { type DemoNode, demoPlaceFinder, townKey } from './demo-places';
import { type DemoRestriction, pairKey, restrictionsByPair } from './demo-restrictions';
import type { DemoTown } from './demo-towns';

/** Each town is joined to its nearest neighbours by a road, unless a barrier (the Grand Canyon) lies between. */
const NEIGHBOURS = 4;
const NEIGHBOUR_WITHIN_KM = 120;
/** Towns whose places spread wider than this get streets: spokes and rings out to three spreads. */
const STREETS_FROM_SPREAD_KM = 2.5;
const SPOKES = 8;
const RING_SEGMENTS = 16;

const nodeOf = (t: DemoTown): DemoNode => ({ key: townKey(t), name: t.name, admin: t.admin, lon: t.lon, lat: t.lat, population: t.population });

/** A point `eastKm` east and `northKm` north of a town (a flat approximation: towns' streets are a few km long). */
function offset(t: DemoTown, eastKm: number, northKm: number): LonLat {
  return [t.lon + eastKm / (111.32 * Math.cos((t.lat * Math.PI) / 180)), t.lat + northKm / 110.57];
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
      if (crossesBarrier([a.lon, a.lat], [b.lon, b.lat])) continue;
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

/**
 * The generated roads: the corridors (Interstates, US highways, the parks' roads) town to town, each town joined to
 * its nearest neighbours, and the larger towns' streets; then the demo's restrictions, each on the road joining its
 * two places (the corridor's where one does).
 */
export function demoWays(towns: readonly DemoTown[]): SourceWay[] {
  const find = demoPlaceFinder(towns);
  const restrictions = restrictionsByPair(find);
  const placed = new Set<DemoRestriction>();
  const ways = corridorWays(find, restrictions, placed);
  for (const [a, b] of nearestPairs(towns, NEIGHBOURS, NEIGHBOUR_WITHIN_KM)) {
    const [from, to] = [nodeOf(a), nodeOf(b)];
    const restriction = restrictions.get(pairKey(from.key, to.key));
    const here = restriction && !placed.has(restriction) ? restriction : undefined;
    if (here) placed.add(here);
    ways.push(...roadBetween(from, to, bentLine(from, to, mulberry32(hash32(a.id, b.id))), { highway: roadClass(a, b), name: `${a.name}–${b.name} Road` }, here));
  }
  const missing = [...restrictions.values()].filter((r) => !placed.has(r));
  if (missing.length) throw new Error(`demo roads: no road joins the places of the ${missing.map((r) => r.what).join(', ')}`);
  for (const t of towns) if (t.spreadKm > STREETS_FROM_SPREAD_KM) ways.push(...townStreets(t));
  return ways;
}
