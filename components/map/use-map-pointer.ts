import type { Map as MaplibreMap } from 'maplibre-gl';
import { useCallback } from 'react';
import type { MapLayerMouseEvent } from 'react-map-gl/maplibre';
import { CLUSTER_LAYER, MATCH_LAYER } from './cluster-layers';
import { panelPadding } from './panel-padding';
import { POINT_LAYER } from './place-layers';

/** A click on a cluster zooms into it, on a place opens it; hovering a place highlights it. */
export function useMapPointer(map: MaplibreMap | null, onSelect: (id: number) => void, onHover: (id: number | null) => void) {
  const onClick = useCallback(
    async (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      if (!feature || !map) return;
      if (feature.layer.id === CLUSTER_LAYER) {
        // Zoom to what the cluster holds, and at least one level in (a cluster of whole cells may span its bin).
        const { west, south, east, north } = feature.properties as { west: number; south: number; east: number; north: number };
        const at = (feature.geometry as GeoJSON.Point).coordinates as [number, number];
        const camera = map.cameraForBounds([[west, south], [east, north]], { padding: panelPadding(map.getContainer()) });
        const zoom = Math.min(18, Math.max(camera?.zoom ?? 0, map.getZoom() + 1));
        map.easeTo({ center: camera && zoom === camera.zoom ? camera.center : at, zoom, duration: 500 });
      } else {
        onSelect(Number(feature.properties.id));
      }
    },
    [map, onSelect],
  );

  const onMouseMove = useCallback(
    (event: MapLayerMouseEvent) => {
      const feature = event.features?.find((f) => f.layer.id === POINT_LAYER || f.layer.id === MATCH_LAYER);
      onHover(feature ? Number(feature.properties.id) : null);
    },
    [onHover],
  );
  return { onClick, onMouseMove };
}
