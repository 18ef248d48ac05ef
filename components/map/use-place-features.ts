import { useMemo } from 'react';
import { clusterFeatures } from '@/lib/explorer/cluster-features';
import type { ClusterResponse, PlaceListItem } from '@/lib/explorer/types';

function pointsOf(places: PlaceListItem[], only?: (p: PlaceListItem) => boolean) {
  return {
    type: 'FeatureCollection' as const,
    features: places
      .filter((p) => p.locations?.[0] && (!only || only(p)))
      .map((p) => ({
        type: 'Feature' as const,
        id: p.id,
        properties: { id: p.id, name: p.name },
        geometry: { type: 'Point' as const, coordinates: [p.locations![0].longitude, p.locations![0].latitude] },
      })),
  };
}

interface Options {
  places: PlaceListItem[];
  clusters: ClusterResponse | undefined;
  total: number | null;
  highlightedId: number | null;
  /** The open place, when it has a location. */
  selected: PlaceListItem | null;
}

/**
 * What the map draws: the page's places, every match of the search (the clusters), and the highlighted and open places.
 * The page's markers take over from the clusters' dots of the same places: each place is drawn once.
 */
export function usePlaceFeatures({ places, clusters, total, highlightedId, selected }: Options) {
  const points = useMemo(() => pointsOf(places), [places]);
  const matches = useMemo(
    () =>
      clusterFeatures(
        clusters,
        points.features.map((f) => ({ id: f.id, longitude: f.geometry.coordinates[0], latitude: f.geometry.coordinates[1] })),
        total ?? undefined,
      ),
    [clusters, points, total],
  );
  const highlighted = useMemo(
    () => pointsOf([...places.filter((p) => p.id === highlightedId && p.id !== selected?.id), ...(selected ? [selected] : [])]),
    [places, highlightedId, selected],
  );
  return { points, matches, highlighted };
}
