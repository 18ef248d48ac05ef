import type { Session } from '@/lib/auth/with-session';
import { HttpError } from '@/lib/http/http-error';
import type { Trip } from './model';

/**
 * Whether `userId` is a member of `organizationId` now, as the identity directory has it (owner-membership.ts). The
 * app learns a person's memberships from their own session only; a trip's owner is usually not the one asking.
 */
export type MembershipCheck = (userId: string, organizationId: string) => Promise<boolean>;

export function isOwner(trip: Pick<Trip, 'ownerId'>, session: Pick<Session, 'userId'>): boolean {
  return trip.ownerId === session.userId;
}

/**
 * The organization a trip is shared with in effect: the one recorded, while its owner is a member of it; none once
 * they have left it (or their account is gone). Decided at every read, so leaving takes effect at once.
 */
export async function sharedOrganization(trip: Pick<Trip, 'ownerId' | 'organizationId'>, isMember: MembershipCheck): Promise<string | null> {
  if (trip.organizationId === null) return null;
  return (await isMember(trip.ownerId, trip.organizationId)) ? trip.organizationId : null;
}

/**
 * The owner may view and edit their trip; so may the members of the organization it is shared with, while the owner
 * is a member of it too (sharedOrganization).
 */
export async function canEdit(trip: Pick<Trip, 'ownerId' | 'organizationId'>, session: Pick<Session, 'userId' | 'organizations'>, isMember: MembershipCheck): Promise<boolean> {
  if (isOwner(trip, session)) return true;
  if (trip.organizationId === null || !session.organizations.some((o) => o.id === trip.organizationId)) return false;
  return (await sharedOrganization(trip, isMember)) !== null;
}

/** The same answer for a trip that does not exist and one the caller may not see: no hint that it exists. */
export function tripNotFound(): HttpError {
  return new HttpError(404, 'not_found', 'There is no such trip.');
}

export function ownerOnly(action: string): HttpError {
  return new HttpError(403, 'forbidden', `Only the trip's owner may ${action}.`);
}
