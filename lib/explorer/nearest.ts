import { distanceMeters, formatDistance, MAX_RADIUS_M, type Units } from './geo';

const COMPASS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'] as const;

/**
 * The search that finds the nearest match of an empty search: the same filters around the same center, nearest
 * first, one place, as far as the Place API reaches (500 km). Null when the search already reached that far.
 */
export function nearestRequestParams(search: URLSearchParams | null): URLSearchParams | null {
  if (!search?.get('center') || Number(search.get('radius')) >= MAX_RADIUS_M) return null;
  const p = new URLSearchParams(search);
  for (const edge of ['west', 'south', 'east', 'north', 'offset']) p.delete(edge);
  p.set('radius', String(MAX_RADIUS_M));
  p.set('sort', 'distance');
  p.set('limit', '1');
  p.sort();
  return p;
}

/** The initial bearing from one point to another, in degrees clockwise from north. */
function bearing(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const rad = Math.PI / 180;
  const y = Math.sin((lon2 - lon1) * rad) * Math.cos(lat2 * rad);
  const x = Math.cos(lat1 * rad) * Math.sin(lat2 * rad) - Math.sin(lat1 * rad) * Math.cos(lat2 * rad) * Math.cos((lon2 - lon1) * rad);
  return (Math.atan2(y, x) / rad + 360) % 360;
}

export interface NearestHint {
  /** "Nearest match: Moab KOA, 101 km north-east." */
  text: string;
  /** The circle around the search's center that reaches it, with a tenth to spare: meters, whole kilometers. */
  radius: number;
  /** "Search within 112 km" */
  action: string;
}

/** What to say of the nearest match of an empty search, and how far to widen the search to reach it. */
export function nearestHint(center: { lon: number; lat: number }, place: { name: string; lon: number; lat: number }, units: Units): NearestHint {
  const meters = distanceMeters(center.lon, center.lat, place.lon, place.lat);
  const direction = COMPASS[Math.round(bearing(center.lon, center.lat, place.lon, place.lat) / 45) % 8];
  const radius = Math.min(MAX_RADIUS_M, Math.ceil((meters * 1.1) / 1000) * 1000);
  return {
    text: `Nearest match: ${place.name}, ${formatDistance(meters, units)} ${direction}.`,
    radius,
    action: `Search within ${formatDistance(radius, units)}`,
  };
}
