import { round6, wrapLon, type Box, type Circle } from './geo';

/** Screen position <-> coordinates, as the map sees them now (maplibre's project/unproject). */
export interface Projection {
  project(lngLat: [number, number]): { x: number; y: number };
  unproject(point: [number, number]): { lng: number; lat: number };
}

export type Nudge = 'up' | 'down' | 'left' | 'right';

const STEP: Record<Nudge, [number, number]> = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };
const clampLat = (lat: number) => Math.max(-85, Math.min(85, lat));

/** The key a person presses to move a selected shape, as a direction (arrow keys only). */
export function nudgeOfKey(key: string): Nudge | null {
  return ({ ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' } as const)[key as 'ArrowUp'] ?? null;
}

function moved(map: Projection, [lon, lat]: [number, number], [dx, dy]: [number, number]): [number, number] {
  const p = map.project([lon, lat]);
  const q = map.unproject([p.x + dx, p.y + dy]);
  // Unprojecting gives the longitude nearest the view, which may be off by 360 from the one projected: keep the step.
  const dLon = ((((q.lng - lon) % 360) + 540) % 360) - 180;
  return [lon + dLon, clampLat(q.lat)];
}

/** The circle moved by `pixels` on screen in one direction, its radius unchanged. */
export function nudgeCircle(circle: Circle, direction: Nudge, pixels: number, map: Projection): Circle {
  const [sx, sy] = STEP[direction];
  const [lon, lat] = moved(map, [circle.lon, circle.lat], [sx * pixels, sy * pixels]);
  return { ...circle, lon: round6(wrapLon(lon)), lat: round6(lat) };
}

/** The box moved by `pixels` on screen in one direction: its corners move on screen, so its shape on screen stays. */
export function nudgeBox(box: Box, direction: Nudge, pixels: number, map: Projection): Box {
  const [sx, sy] = STEP[direction];
  const east = box.east < box.west ? box.east + 360 : box.east;
  const [west, north] = moved(map, [box.west, box.north], [sx * pixels, sy * pixels]);
  const [east2, south] = moved(map, [east, box.south], [sx * pixels, sy * pixels]);
  if (north - south <= 0) return box;
  return { west: round6(wrapLon(west)), south: round6(south), east: round6(wrapLon(east2)), north: round6(north) };
}
