import type { TripChange } from '@/lib/trips/optimistic-view';
import { deviceDb, type QueuedEdit } from './device-db';

export async function queueEdit(edit: { tripId: string; owner: string; baseVersion: number; change: TripChange }): Promise<void> {
  await (await deviceDb()).add('outbox', { ...edit, at: new Date().toISOString() });
}

/** A trip's queued edits, oldest first. */
export async function queuedEdits(tripId: string): Promise<QueuedEdit[]> {
  const edits = await (await deviceDb()).getAllFromIndex('outbox', 'byTrip', tripId);
  return edits.sort((a, b) => a.seq! - b.seq!);
}

export async function queuedEditCount(): Promise<number> {
  return (await deviceDb()).count('outbox');
}

/** An edit the server took: gone from the queue, and the next ones now follow the version it made. */
export async function markSent(edit: QueuedEdit, version: number): Promise<void> {
  const tx = (await deviceDb()).transaction('outbox', 'readwrite');
  await tx.store.delete(edit.seq!);
  for (const next of await tx.store.index('byTrip').getAll(edit.tripId)) await tx.store.put({ ...next, baseVersion: version });
  await tx.done;
}

export async function dropEdit(edit: QueuedEdit): Promise<void> {
  await (await deviceDb()).delete('outbox', edit.seq!);
}

export async function dropTripQueue(tripId: string): Promise<void> {
  const tx = (await deviceDb()).transaction('outbox', 'readwrite');
  for (const key of await tx.store.index('byTrip').getAllKeys(tripId)) await tx.store.delete(key);
  await tx.done;
}
