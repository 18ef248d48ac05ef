import type { ClusterResponse } from './types';

/** A count as a bubble shows it: 950, 1.2k, 12k, 1.3M. */
export function abbreviateCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 10_000) return `${(Math.floor(n / 100) / 10).toString()}k`;
  if (n < 1_000_000) return `${Math.floor(n / 1000)}k`;
  return `${(Math.floor(n / 100_000) / 10).toString()}M`;
}

/** The clusters answer as one GeoJSON source: count bubbles (`kind: cluster`) and single places (`kind: place`). */
export function clusterFeatures(response: ClusterResponse | undefined) {
  const clusters = response?.data.clusters ?? [];
  const places = response?.data.places ?? [];
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
