import type { Rng } from '@/lib/places/dataset/prng';
import type { LonLat } from '../edge';
import { haversineMeters } from '../geometry';
import type { OsmTags } from '../road-tags';
import type { SourceWay } from '../import/types';
import type { DemoNode } from './demo-places';
import type { DemoRestriction } from './demo-restrictions';

/** Vertices of a generated road are about this far apart, so a road bends as it goes. */
const VERTEX_EVERY_KM = 8;

/** A line between two places with a seeded gentle bend, as a road follows the land rather than the great circle. */
export function bentLine(a: DemoNode, b: DemoNode, rng: Rng): LonLat[] {
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

/** Vertices of a corridor's road are about this far apart (km). */
const WINDING_EVERY_KM = 4;

/**
 * A line from `a` to `b` that winds as a highway does between two towns, `circuity` times as long as the straight
 * line: one gentle S-curve (a sine period) across it, as wide as that length needs (for a curve of width h over a
 * length L, the length grows by (2πh/L)²/4 to first order).
 */
export function windingLine(a: DemoNode, b: DemoNode, circuity: number): LonLat[] {
  const kmEast = 111.32 * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  const kmNorth = 110.57;
  const [dx, dy] = [(b.lon - a.lon) * kmEast, (b.lat - a.lat) * kmNorth];
  const km = Math.hypot(dx, dy);
  const steps = Math.max(2, Math.round(km / WINDING_EVERY_KM));
  const width = (km * Math.sqrt(circuity - 1)) / Math.PI;
  const [nx, ny] = km > 0 ? [-dy / km, dx / km] : [0, 0];
  const line: LonLat[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const off = width * Math.sin(2 * Math.PI * t);
    line.push([a.lon + (dx * t + nx * off) / kmEast, a.lat + (dy * t + ny * off) / kmNorth]);
  }
  return line;
}

/**
 * The road from `a` to `b` along `coordinates` as source ways, its ends keyed by the places so roads meet there. With a
 * restriction, the road's middle segment is a way of its own, as a bridge or tunnel is in OpenStreetMap.
 */
export function roadBetween(a: DemoNode, b: DemoNode, coordinates: LonLat[], tags: OsmTags, restriction?: DemoRestriction): SourceWay[] {
  const keys = coordinates.map((_, i) => (i === 0 ? a.key : i === coordinates.length - 1 ? b.key : `${a.key}-${b.key}/${tags.highway}/${i}`));
  if (!restriction) return [{ wayId: null, keys, coordinates, tags }];
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
