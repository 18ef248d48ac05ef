import { ExplorerApiError } from '@/lib/explorer/fetch-json';
import { TripConflictError } from '@/lib/trips/client-api';
import type { TripChange } from '@/lib/trips/optimistic-view';
import type { TripView } from '@/lib/trips/view';
import type { QueuedEdit } from './device-db';

export type ReplayOutcome =
  /** Every queued edit was taken; `view` is the trip after the last (null when there was nothing to send). */
  | { kind: 'sent'; view: TripView | null }
  /** The trip changed on the server since the edits were made: the traveler chooses between the two versions. */
  | { kind: 'conflict'; theirs: TripView }
  /** The server refused an edit for a reason a retry will not change (the trip is gone, no longer shared, or invalid). */
  | { kind: 'refused'; edit: QueuedEdit; status: number; message: string }
  /** Still no connection: the remaining edits wait. */
  | { kind: 'offline' };

export interface ReplayDeps {
  send: (change: TripChange, version: number) => Promise<TripView>;
  /** Called after each edit the server took, before the next is sent. */
  sent: (edit: QueuedEdit, view: TripView) => Promise<void>;
}

/** Sends the queued edits in the order they were made, each on the version the one before it made. */
export async function replayEdits(edits: QueuedEdit[], deps: ReplayDeps): Promise<ReplayOutcome> {
  let view: TripView | null = null;
  for (const edit of edits) {
    try {
      view = await deps.send(edit.change, view?.trip.version ?? edit.baseVersion);
    } catch (err) {
      if (err instanceof TripConflictError) return { kind: 'conflict', theirs: err.fresh };
      if (err instanceof ExplorerApiError && err.status === 0) return { kind: 'offline' };
      if (err instanceof ExplorerApiError && err.status >= 400 && err.status < 500 && err.status !== 429) {
        return { kind: 'refused', edit, status: err.status, message: err.message };
      }
      // A 429 or a server error: worth another try later, like a lost connection.
      return { kind: 'offline' };
    }
    await deps.sent(edit, view);
  }
  return { kind: 'sent', view };
}
