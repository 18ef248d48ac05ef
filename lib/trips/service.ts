import crypto from 'node:crypto';
import type { Session } from '@/lib/auth/with-session';
import { HttpError } from '@/lib/http/http-error';
import { canEdit, isOwner, ownerOnly, sharedOrganization, tripNotFound, type MembershipCheck } from './access';
import type { LegRouter } from './legs/types';
import { type CreateTripInput, type PatchTripInput, type StopInput, type Trip, type TripSummary } from './model';
import { hashShareToken, isShareTokenShape, newShareToken } from './share-token';
import type { PersonPlaceBudget } from './place-budget';
import { resolveStops, type PlaceFacts, type PlaceLookup } from './stops';
import type { ImportedTrip } from './gpx-import';
import type { TripStore } from './store/types';
import { tripView, type TripView } from './view';

export interface TripDeps {
  store: TripStore;
  router: LegRouter;
  /** Only for changes that add place stops. */
  places?: PlaceLookup;
  /** Each person's budget of new places looked up; without it, none (a test of the service alone). */
  placeBudget?: PersonPlaceBudget;
  /** Whether a trip's owner is still a member of the organization it is shared with (owner-membership.ts). */
  isMember: MembershipCheck;
  /** The name a person goes by, for a share link's "Shared with you by …" (owner-membership.ts). */
  ownerName?: (userId: string) => Promise<string | null>;
  now?: () => string;
}

type Caller = Pick<Session, 'userId' | 'organizations'>;

const nowIso = (deps: TripDeps) => (deps.now ?? (() => new Date().toISOString()))();

function noPlaces(): never {
  throw new Error('a place lookup is needed to add place stops');
}

/** The caller's lookups: their budget is spent on the new ids before the Place API is asked about any. */
function placesFor(deps: TripDeps, caller: Caller): PlaceLookup {
  const places = deps.places ?? noPlaces;
  return async (ids) => {
    await deps.placeBudget?.(caller.userId, ids.length);
    return places(ids);
  };
}

async function visibleTrip(deps: TripDeps, caller: Caller, id: string): Promise<Trip> {
  const trip = await deps.store.get(id);
  if (!trip || !(await canEdit(trip, caller, deps.isMember))) throw tripNotFound();
  return trip;
}

/** A trip as its sharing is in effect: shared with no organization once its owner has left the recorded one. */
async function inEffect<T extends Pick<Trip, 'ownerId' | 'organizationId'>>(deps: TripDeps, trip: T): Promise<T> {
  const organizationId = await sharedOrganization(trip, deps.isMember);
  return organizationId === trip.organizationId ? trip : { ...trip, organizationId };
}

/** Only for a caller who may see the trip (visibleTrip). */
async function viewFor(deps: TripDeps, caller: Caller, trip: Trip): Promise<TripView> {
  return tripView(await inEffect(deps, trip), deps.router, { owner: isOwner(trip, caller), edit: true });
}

/**
 * The caller's trips, and those shared with their organizations whose owners are still members there. The owner's
 * own trips show as shared in effect: private once they left the organization.
 */
export async function listTrips(deps: TripDeps, caller: Caller): Promise<(TripSummary & { owned: boolean })[]> {
  const trips = await deps.store.listFor(caller.userId, caller.organizations.map((o) => o.id));
  const listed = await Promise.all(
    trips.map(async (t) => {
      const owned = t.ownerId === caller.userId;
      if (!owned && !(await canEdit(t, caller, deps.isMember))) return null;
      return { ...(await inEffect(deps, t)), owned };
    }),
  );
  return listed.filter((t) => t !== null);
}

/** Without a vehicle of its own, a new trip starts with its owner's default rig, if they keep one (else it reads as a car). */
export async function createTrip(deps: TripDeps, caller: Caller, input: CreateTripInput, lookup = placesFor(deps, caller)): Promise<TripView> {
  const stops = await resolveStops(input.stops, [], lookup);
  const vehicle = input.vehicle ?? (await deps.store.defaultVehicle(caller.userId)) ?? undefined;
  const trip = await deps.store.create({ id: crypto.randomUUID(), ownerId: caller.userId, name: input.name, stops, vehicle, now: nowIso(deps) });
  return viewFor(deps, caller, trip);
}

export async function getTrip(deps: TripDeps, caller: Caller, id: string): Promise<TripView> {
  return viewFor(deps, caller, await visibleTrip(deps, caller, id));
}

/** A change made on an older version is refused with 409 and the trip as it is now, for the page to show. */
export async function patchTrip(deps: TripDeps, caller: Caller, id: string, input: PatchTripInput): Promise<TripView> {
  const current = await visibleTrip(deps, caller, id);
  const stale = async (fresh: Trip) =>
    new HttpError(409, 'version_conflict', 'This trip was changed elsewhere; here is the latest version.', { body: { trip: await viewFor(deps, caller, fresh) } });
  if (current.version !== input.version) throw await stale(current);
  const stops = input.stops ? await resolveStops(input.stops, current.stops, placesFor(deps, caller)) : undefined;
  const result = await deps.store.update(id, input.version, { name: input.name, stops, vehicle: input.vehicle }, nowIso(deps));
  if (result.ok) return viewFor(deps, caller, result.trip);
  if (!result.current) throw tripNotFound();
  throw await stale(result.current);
}

export async function deleteTrip(deps: TripDeps, caller: Caller, id: string): Promise<void> {
  const trip = await visibleTrip(deps, caller, id);
  if (!isOwner(trip, caller)) throw ownerOnly('delete it');
  await deps.store.delete(id);
}

export async function createShareLink(deps: TripDeps, caller: Caller, id: string): Promise<TripView> {
  const trip = await visibleTrip(deps, caller, id);
  if (!isOwner(trip, caller)) throw ownerOnly('share it by link');
  const updated = await deps.store.setSharing(id, { share: newShareToken() }, nowIso(deps));
  if (!updated) throw tripNotFound();
  return viewFor(deps, caller, updated);
}

export async function revokeShareLink(deps: TripDeps, caller: Caller, id: string): Promise<TripView> {
  const trip = await visibleTrip(deps, caller, id);
  if (!isOwner(trip, caller)) throw ownerOnly('revoke its link');
  const updated = await deps.store.setSharing(id, { share: null }, nowIso(deps));
  if (!updated) throw tripNotFound();
  return viewFor(deps, caller, updated);
}

/** Shares with one of the owner's own organizations (its members may view and edit), or makes it private (null). */
export async function shareWithOrganization(deps: TripDeps, caller: Caller, id: string, organizationId: string | null): Promise<TripView> {
  const trip = await visibleTrip(deps, caller, id);
  if (!isOwner(trip, caller)) throw ownerOnly('choose who it is shared with');
  if (organizationId !== null && !caller.organizations.some((o) => o.id === organizationId)) {
    throw new HttpError(403, 'forbidden', 'You can share a trip only with an organization you belong to.', { parameter: 'organizationId' });
  }
  const updated = await deps.store.setSharing(id, { organizationId }, nowIso(deps));
  if (!updated) throw tripNotFound();
  return viewFor(deps, caller, updated);
}

/** The read-only view behind a share link: a malformed, unknown or revoked token is the same 404. */
export async function sharedTrip(deps: TripDeps, token: string): Promise<TripView> {
  const trip = isShareTokenShape(token) ? await deps.store.findByShareTokenHash(hashShareToken(token)) : null;
  if (!trip) throw new HttpError(404, 'not_found', 'This share link does not exist or was revoked.');
  const [view, sharedBy] = await Promise.all([tripView(trip, deps.router, { owner: false, edit: false }), deps.ownerName?.(trip.ownerId).catch(() => null) ?? null]);
  return { ...view, sharedBy };
}

/**
 * A GPX file's trip: each waypoint that carries a place of this app's export (`<type>place 123</type>`) becomes that
 * place's stop again when the Place API still knows it, so its closures and details follow; any other stays the
 * custom point the file describes. The Place API unreachable: all stay custom points, and nothing is lost.
 */
export async function importTrip(deps: TripDeps, caller: Caller, imported: ImportedTrip): Promise<TripView> {
  const wanted = [...new Set(imported.places.filter((id) => id !== null))];
  let found = new Map<number, PlaceFacts>();
  if (wanted.length && deps.places) found = await placesFor(deps, caller)(wanted).catch(() => found);
  const stops = imported.stops.map((stop, i): StopInput => {
    const placeId = imported.places[i];
    if (stop.kind !== 'custom' || placeId === null || !found.has(placeId)) return stop;
    const { name: _name, lon: _lon, lat: _lat, ...plan } = stop;
    return { ...plan, kind: 'place', placeId };
  });
  return createTrip(deps, caller, { name: imported.name, stops }, async (ids) => new Map(ids.flatMap((id) => (found.has(id) ? [[id, found.get(id)!]] : []))));
}
