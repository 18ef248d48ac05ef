import type { Map as MaplibreMap } from 'maplibre-gl';
import type { Box } from '@/lib/explorer/geo';

/**
 * Room the panels take over the map, so what is fitted or brought into view stays visible: the tools on top, the side
 * panel on a laptop (a phone's sheet is below the map), and the open place's drawer (on the right, or a phone's sheet).
 */
export function panelPadding(container?: HTMLElement) {
  const phone = window.innerWidth < 768;
  const padding = phone ? { top: 70, bottom: 20, left: 20, right: 20 } : { top: 70, bottom: 30, left: 420, right: 30 };
  const drawer = document.querySelector('[data-testid="place-drawer"]')?.getBoundingClientRect();
  const map = container?.getBoundingClientRect();
  if (drawer && map) {
    if (phone) padding.bottom = Math.max(padding.bottom, Math.round(map.bottom - drawer.top) + 20);
    else padding.right = Math.max(padding.right, Math.round(map.right - drawer.left) + 20);
  }
  return padding;
}

/** The part of the map no panel covers, in pixels of the map's container. */
function clearRect(map: MaplibreMap) {
  const { width, height } = map.getContainer().getBoundingClientRect();
  const pad = panelPadding(map.getContainer());
  return { left: pad.left, top: pad.top, right: width - pad.right, bottom: height - pad.bottom };
}

/** Whether a point shows in the part of the map no panel covers. */
export function inClearView(map: MaplibreMap, lngLat: [number, number]): boolean {
  const { x, y } = map.project(lngLat);
  const clear = clearRect(map);
  return x >= clear.left && x <= clear.right && y >= clear.top && y <= clear.bottom;
}

/** The part of the map no panel covers, as longitudes and latitudes; `whole` when the panels leave next to none of it. */
export function clearBounds(map: MaplibreMap, whole: Box): Box {
  const clear = clearRect(map);
  if (clear.right - clear.left < 40 || clear.bottom - clear.top < 40) return whole;
  const northWest = map.unproject([clear.left, clear.top]);
  const southEast = map.unproject([clear.right, clear.bottom]);
  return { west: northWest.lng, north: northWest.lat, east: southEast.lng, south: southEast.lat };
}
