import { boxRing, circleRing, distanceMeters, round6, wrapLon, type Box, type Circle } from './geo';

type Ring = number[][];
export interface DrawFeature {
  id?: string | number;
  type: 'Feature';
  geometry: { type: string; coordinates: unknown };
  properties: Record<string, unknown>;
}

const rad = Math.PI / 180;
const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * rad) / 2));
const inverseMercatorY = (y: number) => (2 * Math.atan(Math.exp(y)) - Math.PI / 2) / rad;

function outerRing(feature: DrawFeature): Ring | null {
  if (feature.geometry.type !== 'Polygon') return null;
  const ring = (feature.geometry.coordinates as Ring[])[0];
  return Array.isArray(ring) && ring.length >= 4 ? ring : null;
}

/** A circle's vertices (the closing one dropped) and its center: the mean of the vertices in Web Mercator. */
function ringCenter(feature: DrawFeature): { points: Ring; lon: number; lat: number } | null {
  const ring = outerRing(feature);
  if (!ring) return null;
  const points = ring.slice(0, -1);
  const lon = points.reduce((s, p) => s + p[0], 0) / points.length;
  const lat = inverseMercatorY(points.reduce((s, p) => s + mercatorY(p[1]), 0) / points.length);
  return { points, lon, lat };
}

/** terra-draw stores a circle as a polygon plus `radiusKilometers`. */
export function circleFromFeature(feature: DrawFeature): Circle | null {
  const c = ringCenter(feature);
  if (!c) return null;
  const km = Number(feature.properties.radiusKilometers);
  const radius = Number.isFinite(km) && km > 0 ? km * 1000 : distanceMeters(c.lon, c.lat, c.points[0][0], c.points[0][1]);
  return { lon: round6(wrapLon(c.lon)), lat: round6(c.lat), radius: Math.max(1, Math.round(radius)) };
}

/**
 * The radius a circle's ring has now: the mean distance from its center to its vertices. terra-draw scales the ring
 * when a person resizes it but leaves `radiusKilometers` as drawn, so a resize must be measured on the ring.
 */
export function ringRadiusMeters(feature: DrawFeature): number | null {
  const c = ringCenter(feature);
  if (!c) return null;
  const mean = c.points.reduce((s, p) => s + distanceMeters(c.lon, c.lat, p[0], p[1]), 0) / c.points.length;
  return mean > 0 ? mean : null;
}

/** A rectangle's bounds; a west edge east of the east edge means it crosses the antimeridian. */
export function boxFromFeature(feature: DrawFeature): Box | null {
  const ring = outerRing(feature);
  if (!ring) return null;
  const lons = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  const south = Math.max(-89.9, Math.min(...lats));
  const north = Math.min(89.9, Math.max(...lats));
  if (north <= south) return null;
  return { west: round6(wrapLon(Math.min(...lons))), south: round6(south), east: round6(wrapLon(Math.max(...lons))), north: round6(north) };
}

export function circleFeature(circle: Circle): DrawFeature {
  return {
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: [circleRing(circle)] },
    properties: { mode: 'circle', radiusKilometers: circle.radius / 1000 },
  };
}

export function boxFeature(box: Box): DrawFeature {
  return { type: 'Feature', geometry: { type: 'Polygon', coordinates: [boxRing(box)] }, properties: { mode: 'rectangle' } };
}

/** A stable text for comparing areas, so a shape the map just reported is not redrawn from the URL. */
export function areaKey(circle: Circle | null, box: Box | null): string {
  const c = circle ? `${circle.lon.toFixed(4)},${circle.lat.toFixed(4)},${Math.round(circle.radius / 10)}` : '-';
  const b = box ? [box.west, box.south, box.east, box.north].map((n) => n.toFixed(4)).join(',') : '-';
  return `${c}|${b}`;
}

