import type { Circle, Units } from '@/lib/explorer/geo';
import { nearestHint } from '@/lib/explorer/nearest';
import type { PlaceListItem } from '@/lib/explorer/types';

/** Where the nearest match of an empty search is, and a button that widens the search to reach it. */
export function NearestMatch({ query, nearest, units, onWiden }: { query: string; nearest: PlaceListItem | null; units: Units; onWiden: (circle: Circle) => void }) {
  const center = new URLSearchParams(query).get('center')?.split(',').map(Number);
  const at = nearest?.locations[0];
  if (!nearest || !at || !center || center.length !== 2) return <p className="mt-1">Try a larger area, or remove a filter.</p>;
  const [lon, lat] = center;
  const hint = nearestHint({ lon, lat }, { name: nearest.name, lon: at.longitude, lat: at.latitude }, units);
  return (
    <>
      <p className="mt-1" data-testid="nearest-match">
        {hint.text}
      </p>
      <button
        type="button"
        onClick={() => onWiden({ lon, lat, radius: hint.radius })}
        className="mt-2 rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {hint.action}
      </button>
    </>
  );
}
