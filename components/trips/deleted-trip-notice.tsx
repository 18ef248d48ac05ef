'use client';

import { useEffect, useState } from 'react';

/**
 * The name of the trip the trip page just deleted, for My trips to say so once. The trip page goes there by the
 * client's router, so the page's own memory carries it: nothing is written to storage or to the address.
 */
let deletedJustNow: string | null = null;

export function tellMyTripsOfDeletion(name: string) {
  deletedJustNow = name;
}

/** "Deleted “Cancelled weekend”.": said once on My trips after the trip page deleted a trip and came here. */
export function DeletedTripNotice() {
  const [name] = useState(() => deletedJustNow);
  useEffect(() => {
    deletedJustNow = null;
  }, []);
  return (
    <p role="status" className={name ? 'mt-3 rounded-lg bg-white px-3 py-2 text-sm text-ink ring-1 ring-slate-200' : 'sr-only'} data-testid="trip-deleted">
      {name ? `Deleted “${name}”.` : ''}
    </p>
  );
}
