'use client';

import { useEffect, useRef } from 'react';
import type { DroppedNotice } from './use-usable-filters';

/** Says which filters were removed because the account in use cannot filter by them. */
export function DroppedFiltersNotice({ notice }: { notice: DroppedNotice }) {
  const box = useRef<HTMLDivElement>(null);
  // The panel may be scrolled down to the filters (a phone's sheet always is, after picking one): show the notice.
  useEffect(() => box.current?.scrollIntoView({ block: 'nearest' }), [notice.names]);
  return (
    <div ref={box} role="status" data-testid="dropped-filters" className="mx-4 mt-3 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0" fill="currentColor">
        <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.9 4h1.8v5.5H9.1V6Zm0 7h1.8v1.8H9.1V13Z" />
      </svg>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{notice.names.length === 1 ? 'A filter was removed' : `${notice.names.length} filters were removed`}</p>
        <p className="mt-0.5">
          The account you are exploring with cannot filter by {notice.names.join(', ')}. The results below are without {notice.names.length === 1 ? 'it' : 'them'}.
        </p>
      </div>
      <button type="button" onClick={notice.dismiss} className="shrink-0 rounded-md px-2 py-1 font-medium text-amber-950 underline hover:bg-amber-100">
        Dismiss
      </button>
    </div>
  );
}
