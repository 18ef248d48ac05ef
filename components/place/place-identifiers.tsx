import type { Place } from '@/lib/explorer/types';

/**
 * What an API client or an operator asks about a place, and a traveler does not: its id, the ids it had before and
 * its data fidelity. Folded at the foot of the drawer.
 */
export function PlaceIdentifiers({ place }: { place: Place }) {
  return (
    <details className="border-t border-slate-100 px-5 py-4 text-xs text-slate-600" data-testid="place-record">
      <summary className="cursor-pointer font-semibold tracking-wide text-slate-600 uppercase">About this record</summary>
      <p className="mt-2">
        Place id <span className="font-mono">{place.id}</span>
        {place.previous_ids && place.previous_ids.length > 0 && (
          <>
            {' '}· previously <span className="font-mono">{place.previous_ids.join(', ')}</span>
          </>
        )}
      </p>
      {place.fidelity !== undefined && <p className="mt-1">Data fidelity {place.fidelity} of 5</p>}
    </details>
  );
}
