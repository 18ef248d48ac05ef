import { useMemo } from 'react';
import type { PlaceListItem } from '@/lib/explorer/types';
import { legRestrictions } from '@/lib/trips/leg-restrictions';
import type { Leg } from '@/lib/trips/legs/types';

/**
 * What the trip map draws, as GeoJSON for its sources: the route, its road limits, the picked point, places found,
 * overnights, and where the stops' pins stand (side by side where they would overlap), which the map's labels keep
 * clear of.
 */
export function useTripMapFeatures(
  legs: Leg[],
  picked: [number, number] | null,
  found: PlaceListItem[],
  overnights: { day: number; lon: number; lat: number }[],
  pinPositions: [number, number][],
) {
  // A leg no road joins, measured as a straight line on a road-routed trip, is drawn as the guess it is (`guess`).
  const route = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: legs.map((l) => ({ type: 'Feature' as const, properties: { guess: l.measure?.by === 'straight-line' }, geometry: { type: 'LineString' as const, coordinates: l.geometry } })),
    }),
    [legs],
  );
  const pickedPoint = useMemo(
    () => ({ type: 'FeatureCollection' as const, features: picked ? [{ type: 'Feature' as const, properties: {}, geometry: { type: 'Point' as const, coordinates: picked } }] : [] }),
    [picked],
  );

  const foundPoints = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: found.flatMap((p) => {
        const l = p.locations?.[0];
        return l ? [{ type: 'Feature' as const, properties: { id: p.id, name: p.name }, geometry: { type: 'Point' as const, coordinates: [l.longitude, l.latitude] } }] : [];
      }),
    }),
    [found],
  );

  const overnightPoints = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: overnights.map((o) => ({ type: 'Feature' as const, properties: { label: `Day ${o.day}` }, geometry: { type: 'Point' as const, coordinates: [o.lon, o.lat] } })),
    }),
    [overnights],
  );
  const restrictionPoints = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: legRestrictions(legs).map((r) => ({ type: 'Feature' as const, properties: { label: r.label, broken: r.broken }, geometry: { type: 'Point' as const, coordinates: r.where } })),
    }),
    [legs],
  );
  const stopFootprints = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: pinPositions.map((coordinates) => ({ type: 'Feature' as const, properties: {}, geometry: { type: 'Point' as const, coordinates } })),
    }),
    [pinPositions],
  );
  return { route, restrictionPoints, pickedPoint, foundPoints, overnightPoints, stopFootprints };
}

export type TripMapFeatures = ReturnType<typeof useTripMapFeatures>;
