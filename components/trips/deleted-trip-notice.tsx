'use client';

import { useEffect, useState } from 'react';

/** Where the trip page leaves the name of a trip it deleted, for My trips to say so once (this tab only). */
export const DELETED_TRIP_KEY = 'trip-explorer:deleted-trip';

/** "Deleted “Cancelled weekend”.": said once on My trips after the trip page deleted a trip and came here. */
export function DeletedTripNotice() {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    const deleted = sessionStorage.getItem(DELETED_TRIP_KEY);
    if (deleted === null) return;
    sessionStorage.removeItem(DELETED_TRIP_KEY);
    setName(deleted);
  }, []);
  return (
    <p role="status" className={name ? 'mt-3 rounded-lg bg-white px-3 py-2 text-sm text-ink ring-1 ring-slate-200' : 'sr-only'} data-testid="trip-deleted">
      {name ? `Deleted “${name}”.` : ''}
    </p>
  );
}
