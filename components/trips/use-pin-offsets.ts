import type { Map as MaplibreMap } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import type { TripStop } from '@/lib/trips/model';
import { spreadPins, type ScreenPoint } from '@/lib/trips/pin-spread';

/** The pins' offsets follow the view: stops that overlap at this zoom stand side by side. */
export function usePinOffsets(map: MaplibreMap | null, stops: TripStop[]): ScreenPoint[] {
  const [pinOffsets, setPinOffsets] = useState<ScreenPoint[]>([]);
  useEffect(() => {
    if (!map) return;
    const spread = () => setPinOffsets(spreadPins(stops.map((s) => map.project([s.lon, s.lat]))));
    spread();
    map.on('zoomend', spread);
    return () => {
      map.off('zoomend', spread);
    };
  }, [map, stops]);
  return pinOffsets;
}
