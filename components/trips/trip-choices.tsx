'use client';

import { useState } from 'react';
import { createTrip } from '@/lib/trips/client-api';
import { appendPlace } from './append-place';
import { QuickNewTrip } from './quick-new-trip';
import { TripChoiceStatus } from './trip-choice-status';
import { useTripChoices } from './use-trip-choices';

interface Props {
  placeId: number;
  /** Whether the toggle (in add-to-trip.tsx) is pressed; each opening mounts a new TripChoices. */
  open: boolean;
  panelId: string;
  /** Beside a result card rather than in the drawer's footer. */
  compact: boolean;
  onAdded: () => void;
}

/** Below "Add to trip": my trips to add the place to, a new trip's name, and what happened. */
export function TripChoices({ placeId, open, panelId, compact, onAdded }: Props) {
  const { trips, status, busy, add } = useTripChoices(onAdded);
  const [name, setName] = useState('');

  // The toggle's aria-controls names this element: it is there from the first opening on. A confirmation stays after
  // the panel closes; "sign in" and errors go with it.
  const shown = status && (open || status.kind === 'added') ? status : null;
  return (
    <div id={panelId}>
      {shown ? <TripChoiceStatus status={shown} compact={compact} /> : null}
      {open && trips ? (
        <div className={`${compact ? 'mx-4 mb-3' : 'mt-2'} max-h-56 overflow-y-auto rounded-lg border border-slate-200 p-2`}>
          {trips.length ? (
            <ul className="flex flex-col">
              {trips.map((t) => (
                <li key={t.id}>
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => add(() => appendPlace(t.id, placeId))}
                    className="w-full rounded px-2 py-1.5 text-left text-ink hover:bg-slate-100"
                  >
                    {t.name} <span className="text-slate-600">({t.stopCount} {t.stopCount === 1 ? 'stop' : 'stops'})</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <QuickNewTrip panelId={panelId} name={name} onName={setName} busy={busy} onCreate={(trimmed) => void add(() => createTrip(trimmed, [{ kind: 'place', placeId }]))} />
        </div>
      ) : null}
    </div>
  );
}
