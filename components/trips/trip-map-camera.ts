import type { Map as MaplibreMap } from 'maplibre-gl';
import { useEffect } from 'react';
import type { Leg } from '@/lib/trips/legs/types';
import type { TripStop } from '@/lib/trips/model';
import { type Bounds, tripBounds } from '@/lib/trips/trip-bounds';

// On a phone the expanded attribution covers the map's foot: keep the stops above it. The sides leave room for a
// label centred on a stop at the edge ("Low clearance" was cut at the map's left edge with 40 px).
const padding = () => (window.innerWidth < 768 ? { top: 40, bottom: 100, left: 70, right: 70 } : 70);

/** Where the trip map opens: the whole trip (its roads too), its one stop up close, or the continent while it has none. */
export function initialTripView(stops: TripStop[], legs: Leg[]) {
  const bounds = tripBounds(stops, legs);
  if (!bounds) return { longitude: -98, latitude: 39, zoom: 3 };
  if (stops.length === 1) return { longitude: stops[0].lon, latitude: stops[0].lat, zoom: 9 };
  return { bounds, fitBoundsOptions: { padding: padding(), maxZoom: 12 } };
}

/**
 * The map's start and a stop added or removed frame the trip (with the roads drawn so far); a reorder or an edit leaves
 * the view where the traveler put it.
 */
export function useReframeOnStopCount(map: MaplibreMap | null, stops: TripStop[], legs: Leg[]) {
  const count = stops.length;
  useEffect(() => {
    const bounds = tripBounds(stops, legs);
    if (!map || !bounds) return;
    // One stop: at least the zoom the page opens a one-stop trip at, so the first stop is not a dot on a continent.
    if (count === 1) map.easeTo({ center: [stops[0].lon, stops[0].lat], zoom: Math.max(map.getZoom(), 9), duration: 400 });
    else map.fitBounds(bounds, { padding: padding(), maxZoom: 12, duration: 400 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the number of stops reframes
  }, [map, count]);
}

/** An area asked for (a new object each time) is shown. */
export function useFitRequest(map: MaplibreMap | null, fit: { bounds: Bounds } | null | undefined) {
  useEffect(() => {
    if (map && fit) map.fitBounds(fit.bounds, { padding: padding(), duration: 400 });
  }, [map, fit]);
}
