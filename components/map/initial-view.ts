import type { LngLatBoundsLike } from 'maplibre-gl';
import { boxRing, circleBounds, type Box, type Circle } from '@/lib/explorer/geo';
import type { MapView } from '@/lib/explorer/url-state';
import { panelPadding } from './panel-padding';

function areaBounds(circle: Circle | null, box: Box | null): [[number, number], [number, number]] | null {
  if (box) {
    const ring = boxRing(box);
    return [ring[0] as [number, number], ring[2] as [number, number]];
  }
  return circle ? circleBounds(circle) : null;
}

/** Where the map opens: the view of the link, else framing its area, else the whole United States. */
export function initialViewOf(view: MapView | null, circle: Circle | null, box: Box | null) {
  if (view) return { longitude: view.lon, latitude: view.lat, zoom: view.zoom };
  const bounds = areaBounds(circle, box);
  return bounds ? { bounds: bounds as LngLatBoundsLike, fitBoundsOptions: { padding: panelPadding() } } : { longitude: -98, latitude: 39, zoom: 3.5 };
}
