import type { Destination } from '@/lib/gazetteer/destination';
import type { PlaceListItem } from './types';

// A region code of digits (GeoNames' first-level codes outside North America: "07") tells a reader nothing.
const townOf = (at: PlaceListItem['locations'][number]) => [at.city, /^\d+$/.test(at.state) ? '' : at.state, at.country].filter(Boolean).join(', ');

/**
 * The dataset's places as Go to's rows: each its name and town, and where two rows would read alike (a chain's two
 * stores in one town), each of those with its street address first, so that the traveler can tell which is which.
 */
export function placeDestinations(places: PlaceListItem[]): Destination[] {
  const rows = places
    .filter((p) => p.locations?.[0])
    .map((place) => {
      const at = place.locations[0];
      const town = townOf(at);
      return { place, at, town, text: `${place.name}\n${town}` };
    });
  const seen = new Map<string, number>();
  for (const { text } of rows) seen.set(text, (seen.get(text) ?? 0) + 1);
  return rows.map(({ place, at, town, text }) => {
    const detail = [seen.get(text)! > 1 ? at.address1 : '', town].filter(Boolean).join(', ');
    return { kind: 'place', placeId: place.id, name: place.name, detail, lon: at.longitude, lat: at.latitude, population: 0, bbox: null };
  });
}
