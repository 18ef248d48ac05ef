import type { Map as MaplibreMap } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import type { TripStop } from '@/lib/trips/model';
import { spreadPins, type ScreenPoint } from '@/lib/trips/pin-spread';

export interface PinPlacement {
  /** Each pin's offset on the screen from its stop. */
  offsets: ScreenPoint[];
  /** Where each pin stands on the map, offset included: [longitude, latitude]. */
  positions: [number, number][];
}

/** The pins' offsets follow the view: stops that overlap at this zoom stand side by side. */
export function usePinPlacement(map: MaplibreMap | null, stops: TripStop[]): PinPlacement {
  const [placement, setPlacement] = useState<PinPlacement>({ offsets: [], positions: [] });
  useEffect(() => {
    if (!map) return;
    const spread = () => {
      const points = stops.map((s) => map.project([s.lon, s.lat]));
      const offsets = spreadPins(points);
      const positions = points.map((p, i) => map.unproject([p.x + offsets[i].x, p.y + offsets[i].y]).toArray() as [number, number]);
      setPlacement({ offsets, positions });
    };
    spread();
    map.on('zoomend', spread);
    return () => {
      map.off('zoomend', spread);
    };
  }, [map, stops]);
  return placement;
}
