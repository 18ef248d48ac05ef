import type { Map as MaplibreMap } from 'maplibre-gl';
import { useEffect } from 'react';
import type { PlaceListItem } from '@/lib/explorer/types';
import { inClearView, panelPadding } from './panel-padding';

/**
 * Moves the map when asked to frame bounds (`fitTarget`), and brings an opened place (picked, or from a link) into the
 * clear part of the view at the same zoom; the search stays.
 */
export function useMapCamera(map: MaplibreMap | null, fitTarget: { bounds: [[number, number], [number, number]] } | null, selected: PlaceListItem | null) {
  useEffect(() => {
    if (!map || !fitTarget) return;
    map.fitBounds(fitTarget.bounds, { padding: panelPadding(map.getContainer()), maxZoom: 14, duration: 600 });
  }, [map, fitTarget]);

  const selectedAt = selected ? `${selected.locations![0].longitude},${selected.locations![0].latitude}` : null;
  useEffect(() => {
    if (!map || !selectedAt) return;
    const [lon, lat] = selectedAt.split(',').map(Number);
    if (inClearView(map, [lon, lat])) return;
    const e = 1e-5;
    map.fitBounds([[lon - e, lat - e], [lon + e, lat + e]], { padding: panelPadding(map.getContainer()), maxZoom: map.getZoom(), duration: 600 });
  }, [map, selectedAt]);
}
