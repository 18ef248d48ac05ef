import 'server-only';
import { currentSession, type Session } from '@/lib/auth/with-session';
import { HttpError } from '@/lib/http/http-error';
import { legRouter } from './legs';
import { directoryMembership, directoryOwnerName } from './owner-membership';
import { getTrip, listTrips, sharedTrip, type TripDeps } from './service';
import { tripStore } from './store-registry';
import type { TripView } from './view';

const deps = async (): Promise<TripDeps> => ({ store: tripStore(), router: await legRouter(), isMember: directoryMembership(), ownerName: directoryOwnerName });

/** Null when the trip does not exist, or is not this caller's to see (the page then shows the 404 page). */
async function orNotFound<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return null;
    throw err;
  }
}

export async function myTripsPage(): Promise<{ session: Session | null; trips: Awaited<ReturnType<typeof listTrips>> }> {
  const session = await currentSession();
  return { session, trips: session ? await listTrips(await deps(), session) : [] };
}

export async function tripPage(id: string): Promise<{ session: Session | null; view: TripView | null }> {
  const session = await currentSession();
  return { session, view: session ? await orNotFound(async () => getTrip(await deps(), session, id)) : null };
}

export function sharedTripPage(token: string): Promise<TripView | null> {
  return orNotFound(async () => sharedTrip(await deps(), token));
}
