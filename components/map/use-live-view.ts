import type { Map as MaplibreMap } from 'maplibre-gl';
import { useCallback, useState } from 'react';
import type { Box } from '@/lib/explorer/geo';
import type { MapView } from '@/lib/explorer/url-state';
import { clearBounds } from './panel-padding';

/**
 * Reports the map's view up after it moves (with its bounds, and a way to measure the part no panel covers, which
 * "Search this area" searches: measured when asked, since a drawer may open or close after the map stops), and keeps
 * it (zoom/lat/lon) for the map element, so tests can find a place on screen after the map framed an area.
 */
export function useLiveView(onViewChange: (view: MapView, bounds: Box, measureClear: () => Box) => void) {
  const [liveView, setLiveView] = useState('');
  const reportView = useCallback(
    (m: MaplibreMap) => {
      const c = m.getCenter();
      setLiveView(`${m.getZoom()}/${c.lat}/${c.lng}`);
      onViewChange({ lon: c.lng, lat: c.lat, zoom: m.getZoom() }, boundsOf(m), () => clearBounds(m, boundsOf(m)));
    },
    [onViewChange],
  );
  return { liveView, reportView };
}

function boundsOf(m: MaplibreMap): Box {
  const b = m.getBounds();
  return { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
}
