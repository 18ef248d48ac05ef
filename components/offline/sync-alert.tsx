'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { removeKeptTrip } from '@/lib/offline/kept-trips';
import { dropTripQueue } from '@/lib/offline/outbox';
import { createTrip } from '@/lib/trips/client-api';
import { toStopInputClient } from '@/lib/trips/stop-input';
import type { TripView } from '@/lib/trips/view';
import type { QueuedEdit } from '@/lib/offline/device-db';
import type { SyncState } from './use-outbox-sync';
import { VersionSummary } from './version-summary';

/** The choice's element id, which the marks on the stops in conflict link to. */
export const SYNC_CONFLICT_ID = 'sync-conflict';

const button = 'rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600';

interface Props {
  sync: SyncState;
  keepMine: (mine: TripView, theirs: TripView) => Promise<unknown>;
  keepTheirs: (theirs: TripView) => Promise<unknown>;
  skip: (edit: QueuedEdit) => Promise<void>;
}

/** What the traveler decides when edits made offline meet a trip changed meanwhile, or one the server refuses. */
export function SyncAlert({ sync, keepMine, keepTheirs, skip }: Props) {
  if (sync.kind === 'conflict') return <ConflictChoice sync={sync} keepMine={keepMine} keepTheirs={keepTheirs} />;
  if (sync.kind === 'refused') return <RefusedAlert sync={sync} skip={skip} />;
  return null;
}

/**
 * Both versions and the choice between them. It appears at the top of the plan while the traveler may be scrolled to
 * the stop they edited, so it brings itself into view and takes the focus (the keyboard's next Tab is its buttons).
 */
function ConflictChoice({ sync, keepMine, keepTheirs }: { sync: Extract<SyncState, { kind: 'conflict' }> } & Pick<Props, 'keepMine' | 'keepTheirs'>) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'start' });
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div ref={ref} id={SYNC_CONFLICT_ID} tabIndex={-1} role="alert" className="scroll-mt-4 rounded-lg bg-amber-50 p-3 text-sm ring-1 ring-amber-300 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600" data-testid="sync-conflict">
      <p className="font-semibold text-amber-950">This trip was changed by someone else while you were offline.</p>
      <p className="text-amber-950">Both versions are below. Choose the one to keep; the other is replaced.</p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <VersionSummary title="Your version (made offline)" view={sync.mine} testId="version-mine" />
        <VersionSummary title="On the server now" view={sync.theirs} testId="version-theirs" />
      </div>
      {sync.error ? <p className="mt-2 text-red-700">{sync.error}</p> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={`${button} bg-brand-600 text-white hover:bg-brand-700`} onClick={() => void keepMine(sync.mine, sync.theirs)}>
          Keep my version
        </button>
        <button type="button" className={`${button} bg-white text-ink ring-1 ring-slate-300 hover:bg-slate-50`} onClick={() => void keepTheirs(sync.theirs)}>
          Keep the version on the server
        </button>
      </div>
    </div>
  );
}

function RefusedAlert({ sync, skip }: { sync: Extract<SyncState, { kind: 'refused' }>; skip: Props['skip'] }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const gone = sync.status === 404 || sync.status === 403;
  const saveAsNew = async () => {
    const { name, stops, vehicle } = sync.mine.trip;
    try {
      const created = await createTrip(`${name} (offline copy)`, stops.map(toStopInputClient), vehicle);
      await dropTripQueue(sync.mine.trip.id);
      await removeKeptTrip(sync.mine.trip.id);
      router.replace(`/trips/${created.trip.id}`);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const discard = async () => {
    await dropTripQueue(sync.mine.trip.id);
    await removeKeptTrip(sync.mine.trip.id);
    router.replace('/trips');
  };
  return (
    <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm ring-1 ring-red-200" data-testid="sync-refused">
      <p className="font-semibold text-red-900">
        {gone ? 'This trip was deleted, or is no longer shared with you, while you were offline.' : 'The server refused an edit made offline.'}
      </p>
      <p className="text-red-900">{sync.message}</p>
      {gone ? <VersionSummary title="Your version (made offline)" view={sync.mine} testId="version-mine" /> : null}
      {error ? <p className="mt-2 text-red-700">{error}</p> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {gone ? (
          <>
            <button type="button" className={`${button} bg-brand-600 text-white hover:bg-brand-700`} onClick={() => void saveAsNew()}>
              Save my version as a new trip
            </button>
            <button type="button" className={`${button} bg-white text-ink ring-1 ring-slate-300 hover:bg-slate-50`} onClick={() => void discard()}>
              Discard my offline edits
            </button>
          </>
        ) : (
          <button type="button" className={`${button} bg-white text-ink ring-1 ring-slate-300 hover:bg-slate-50`} onClick={() => void skip(sync.edit)}>
            Leave this edit out and send the rest
          </button>
        )}
      </div>
    </div>
  );
}
