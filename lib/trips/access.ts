import type { Session } from '@/lib/auth/with-session';
import { HttpError } from '@/lib/http/http-error';
import type { Trip } from './model';

export function isOwner(trip: Trip, session: Pick<Session, 'userId'>): boolean {
  return trip.ownerId === session.userId;
}

/** The owner, and the members of the organization it is shared with, may view and edit it. */
export function canEdit(trip: Trip, session: Pick<Session, 'userId' | 'organizations'>): boolean {
  return isOwner(trip, session) || (trip.organizationId !== null && session.organizations.some((o) => o.id === trip.organizationId));
}

/** The same answer for a trip that does not exist and one the caller may not see: no hint that it exists. */
export function tripNotFound(): HttpError {
  return new HttpError(404, 'not_found', 'There is no such trip.');
}

export function ownerOnly(action: string): HttpError {
  return new HttpError(403, 'forbidden', `Only the trip's owner may ${action}.`);
}
