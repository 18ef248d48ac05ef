'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { dropEdit, dropTripQueue, markSent, queuedEdits } from '@/lib/offline/outbox';
import { replayEdits } from '@/lib/offline/replay';
import { TripConflictError, patchTrip } from '@/lib/trips/client-api';
import { toStopInputClient } from '@/lib/trips/stop-input';
import type { TripView } from '@/lib/trips/view';
import type { QueuedEdit } from '@/lib/offline/device-db';
import type { DeviceTrip } from './use-device-trip';
import { useOnline } from './use-online';

export type SyncState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'conflict'; mine: TripView; theirs: TripView; error?: string }
  | { kind: 'refused'; mine: TripView; edit: QueuedEdit; status: number; message: string };

interface Editor {
  view: TripView;
  replace: (view: TripView) => void;
  run: (task: () => Promise<void>) => Promise<unknown>;
}

/**
 * Sends the edits made offline when the connection returns, in the save queue so no new save overtakes them. A
 * conflict or a refusal stops the sending and waits for the traveler's choice; nothing queued is dropped unasked.
 */
export function useOutboxSync(device: DeviceTrip, editor: Editor) {
  const online = useOnline();
  const [sync, setSync] = useState<SyncState>({ kind: 'idle' });
  const shown = useRef(editor.view);
  useEffect(() => {
    shown.current = editor.view;
  }, [editor.view]);
  const tripId = editor.view.trip.id;
  const { countPending } = device;
  const { run, replace } = editor;

  const send = useCallback(
    () =>
      run(async () => {
        const edits = await queuedEdits(tripId);
        if (edits.length === 0) return;
        setSync({ kind: 'sending' });
        const outcome = await replayEdits(edits, {
          send: (change, version) => patchTrip(tripId, { version, ...change }),
          sent: (edit, view) => markSent(edit, view.trip.version),
        });
        await countPending();
        if (outcome.kind === 'sent' && outcome.view) replace(outcome.view);
        if (outcome.kind === 'conflict') setSync({ kind: 'conflict', mine: shown.current, theirs: outcome.theirs });
        else if (outcome.kind === 'refused') setSync({ kind: 'refused', mine: shown.current, edit: outcome.edit, status: outcome.status, message: outcome.message });
        else setSync({ kind: 'idle' });
      }),
    [run, replace, tripId, countPending],
  );

  const settled = sync.kind === 'idle';
  useEffect(() => {
    if (online && device.pending > 0 && settled) void send();
  }, [online, device.pending, settled, send]);

  /** My version, made offline, becomes the trip: one save on the server's version. */
  const keepMine = useCallback(
    (mine: TripView, theirs: TripView) =>
      run(async () => {
        try {
          const { name, stops, vehicle } = mine.trip;
          replace(await patchTrip(tripId, { version: theirs.trip.version, name, stops: stops.map(toStopInputClient), vehicle }));
          await dropTripQueue(tripId);
          await countPending();
          setSync({ kind: 'idle' });
        } catch (err) {
          if (err instanceof TripConflictError) setSync({ kind: 'conflict', mine, theirs: err.fresh });
          else setSync({ kind: 'conflict', mine, theirs, error: (err as Error).message });
        }
      }),
    [run, replace, tripId, countPending],
  );

  const keepTheirs = useCallback(
    (theirs: TripView) =>
      run(async () => {
        await dropTripQueue(tripId);
        await countPending();
        replace(theirs);
        setSync({ kind: 'idle' });
      }),
    [run, replace, tripId, countPending],
  );

  /** Leaves out the edit the server refused, and sends the rest. */
  const skip = useCallback(
    async (edit: QueuedEdit) => {
      await dropEdit(edit);
      await countPending();
      setSync({ kind: 'idle' });
    },
    [countPending],
  );

  return { online, sync, keepMine, keepTheirs, skip };
}
