import type { Trip, TripStop, TripSummary } from '../model';
import type { TripVehicle } from '../vehicle';

export interface NewTrip {
  id: string;
  ownerId: string;
  name: string;
  stops: TripStop[];
  /** None: the trip reads as driven by a car. */
  vehicle?: TripVehicle;
  now: string;
}

export interface TripChanges {
  name?: string;
  stops?: TripStop[];
  vehicle?: TripVehicle;
}

/** Who else sees a trip. Not versioned: sharing does not make an open editor's next save stale. */
export interface SharingChanges {
  /** undefined: unchanged; null: private again. */
  organizationId?: string | null;
  /** undefined: unchanged; null: revoked. With its SHA-256 hash, the only key a shared trip is looked up by. */
  share?: { token: string; tokenHash: string } | null;
}

/** The result of a versioned write: the saved trip, or the current one when the version was stale (null: gone). */
export type UpdateResult = { ok: true; trip: Trip } | { ok: false; current: Trip | null };

/**
 * Where trips live. One implementation per engine (`sqlite/`, `postgres/`), chosen once at start-up
 * (`index.ts`) and held to the same contract by one test suite. Authorization is not the store's: callers
 * decide who may read and write (`lib/trips/access.ts`).
 */
export interface TripStore {
  create(trip: NewTrip): Promise<Trip>;
  get(id: string): Promise<Trip | null>;
  /** Trips the user owns, and those shared with any of the organizations, most recently changed first. */
  listFor(userId: string, organizationIds: string[]): Promise<TripSummary[]>;
  /** Applies the changes only if the trip is still at `expectedVersion`; the version then grows by one. */
  update(id: string, expectedVersion: number, changes: TripChanges, now: string): Promise<UpdateResult>;
  /** Changes who else sees the trip; null when it is gone. */
  setSharing(id: string, changes: SharingChanges, now: string): Promise<Trip | null>;
  delete(id: string): Promise<boolean>;
  findByShareTokenHash(tokenHash: string): Promise<Trip | null>;
  /** The rig a person's new trips start with; null when they never chose one. */
  defaultVehicle(ownerId: string): Promise<TripVehicle | null>;
  setDefaultVehicle(ownerId: string, vehicle: TripVehicle, now: string): Promise<void>;
  /** When their account is deleted; false when they had none. */
  deleteDefaultVehicle(ownerId: string): Promise<boolean>;
  describe(): string;
  ready(): boolean;
  close(): Promise<void>;
}
