import { identityRuntime } from '@/lib/identity/runtime';
import { logger } from '@/lib/core/logger';
import type { MembershipCheck } from './access';

/** Reads an organization's member list at most once: one check for a whole list of trips, one request's worth. */
export function memoizedMembership(members: (organizationId: string) => Promise<string[]>): MembershipCheck {
  const known = new Map<string, Promise<Set<string>>>();
  return async (userId, organizationId) => {
    let ids = known.get(organizationId);
    if (!ids) {
      ids = members(organizationId).then((list) => new Set(list));
      known.set(organizationId, ids);
    }
    return (await ids).has(userId);
  };
}

/** The name a person goes by in the identity directory ("Tess Traveler", else their username); null without one. */
export async function directoryOwnerName(userId: string): Promise<string | null> {
  const user = await identityRuntime()?.accounts.findById(userId);
  if (!user) return null;
  return `${user.given_name} ${user.family_name}`.trim() || user.username;
}

/**
 * Memberships as the identity directory has them now, for one request: the identity subsystem of this process
 * publishes its directory (lib/identity/runtime.ts), and every instance's directory is the same store. Without it
 * (nothing published), no owner counts as a member: shared trips show to their owners only, never to a stale team.
 */
export function directoryMembership(): MembershipCheck {
  return memoizedMembership(async (organizationId) => {
    const accounts = identityRuntime()?.accounts;
    if (!accounts) {
      logger.warn('trips: no identity directory to check trip owners\' memberships; organization sharing is off', { organizationId });
      return [];
    }
    return (await accounts.members(organizationId)).map((m) => m.id);
  });
}
