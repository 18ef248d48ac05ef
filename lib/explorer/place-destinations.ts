import type { Destination } from '@/lib/gazetteer/destination';
import type { PlaceListItem } from './types';

// A region code of digits (GeoNames' first-level codes outside North America: "07") tells a reader nothing.
const townOf = (at: PlaceListItem['locations'][number]) => [at.city, /^\d+$/.test(at.state) ? '' : at.state, at.country].filter(Boolean).join(', ');

/**
 * The dataset's places as Go to's rows: each its name and town, and where two rows would read alike (a chain's two
 * stores in one town), each of those with its street address first, so that the traveler can tell which is which.
 */
export function placeDestinations(places: PlaceListItem[]): Destination[] {
  const located = places.filter((p) => p.locations?.[0]);
  const seen = new Map<string, number>();
  const rowOf = (p: PlaceListItem) => `${p.name}\n${townOf(p.locations[0])}`;
  for (const p of located) seen.set(rowOf(p), (seen.get(rowOf(p)) ?? 0) + 1);
  return located.map((p) => {
    const at = p.locations[0];
    const alike = (seen.get(rowOf(p)) ?? 0) > 1;
    const detail = [alike ? at.address1 : '', townOf(at)].filter(Boolean).join(', ');
    return { kind: 'place', placeId: p.id, name: p.name, detail, lon: at.longitude, lat: at.latitude, population: 0, bbox: null };
  });
}
