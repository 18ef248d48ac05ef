import type { Map as MaplibreMap } from 'maplibre-gl';
import { useCallback, useState } from 'react';
import type { Box } from '@/lib/explorer/geo';
import type { MapView } from '@/lib/explorer/url-state';
import { clearBounds } from './panel-padding';

/**
 * Reports the map's view up after it moves (with its bounds, and those of the part no panel covers, which "Search this
 * area" searches), and keeps it (zoom/lat/lon) for the map element, so tests can find a place on screen after the map
 * framed an area.
 */
export function useLiveView(onViewChange: (view: MapView, bounds: Box, clear: Box) => void) {
  const [liveView, setLiveView] = useState('');
  const reportView = useCallback(
    (m: MaplibreMap) => {
      const c = m.getCenter();
      const b = m.getBounds();
      setLiveView(`${m.getZoom()}/${c.lat}/${c.lng}`);
      const bounds = { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
      onViewChange({ lon: c.lng, lat: c.lat, zoom: m.getZoom() }, bounds, clearBounds(m, bounds));
    },
    [onViewChange],
  );
  return { liveView, reportView };
}
