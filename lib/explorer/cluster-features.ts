import type { ClusterResponse } from './types';

/** A count as a bubble shows it: 950, 1.2k, 12k, 1.3M. */
export function abbreviateCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 10_000) return `${(Math.floor(n / 100) / 10).toString()}k`;
  if (n < 1_000_000) return `${Math.floor(n / 1000)}k`;
  return `${(Math.floor(n / 100_000) / 10).toString()}M`;
}

/** A place the map already draws with a marker of its own (a result of the page, the open place). */
export interface MarkedPlace {
  id: number;
  longitude: number;
  latitude: number;
}

type Bounds = { west: number; south: number; east: number; north: number };

/**
 * Whether a place lies in a cell of the count table, given the cell's bounds: the same floor of degrees times the
 * grid's scale (10 or 50 cells a degree) as the Place API's cells, so a place on the edge of two is in one only.
 */
function inCell(cell: Bounds, p: MarkedPlace): boolean {
  const scale = Math.round(1 / (cell.east - cell.west));
  if (!Number.isFinite(scale) || scale <= 0) return false;
  return (
    Math.floor((p.longitude + 180) * scale) === Math.round((cell.west + 180) * scale) &&
    Math.floor((p.latitude + 90) * scale) === Math.round((cell.south + 90) * scale)
  );
}

/**
 * The clusters answer as one GeoJSON source: count bubbles (`kind: cluster`) and single places (`kind: place`), less
 * the single places the map already marks, so each place is drawn once. A single place comes with its id; a cluster of
 * one is a cell of the count table holding one match, placed at the cell's center: when a marked place lies in that
 * cell it is that match (each place is in one cell, and the marked places are matches of the same search). Bubbles of
 * several stay whole: which of their matches are marked is not known. When the marked places are every match of the
 * search (its `total`: one page holds them all), the clusters add nothing and none is drawn.
 */
export function clusterFeatures(response: ClusterResponse | undefined, marked: MarkedPlace[] = [], total?: number) {
  const markedIds = new Set(marked.map((p) => p.id));
  const everyMatchMarked = total !== undefined && total <= markedIds.size;
  const clusters = everyMatchMarked ? [] : (response?.data.clusters ?? []).filter((c) => c.count > 1 || !marked.some((p) => inCell(c.bounds, p)));
  const places = everyMatchMarked ? [] : (response?.data.places ?? []).filter((p) => !markedIds.has(p.id));
  return {
    type: 'FeatureCollection' as const,
    features: [
      ...clusters.map((c) => ({
        type: 'Feature' as const,
        properties: { kind: 'cluster', count: c.count, label: abbreviateCount(c.count), ...c.bounds },
        geometry: { type: 'Point' as const, coordinates: [c.longitude, c.latitude] },
      })),
      ...places.map((p) => ({
        type: 'Feature' as const,
        properties: { kind: 'place', id: p.id, name: p.name },
        geometry: { type: 'Point' as const, coordinates: [p.longitude, p.latitude] },
      })),
    ],
  };
}
