import type { TripStore } from './store/types';

/** Deletes every trip `userId` owns (when their account is deleted); trips of others shared with them stay. */
export async function deleteTripsOwnedBy(store: TripStore, userId: string): Promise<number> {
  const owned = (await store.listFor(userId, [])).filter((trip) => trip.ownerId === userId);
  let deleted = 0;
  for (const trip of owned) if (await store.delete(trip.id)) deleted++;
  return deleted;
}
