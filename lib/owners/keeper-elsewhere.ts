import type { OwnerStore } from './store/types';

/**
 * The organization of the person's, other than the one they explore as, that keeps a place: its listing page then
 * says to switch to it, where a place the active organization does not see is otherwise answered as none at all.
 */
export async function keeperElsewhere<Organization extends { id: string }>(
  store: Pick<OwnerStore, 'ownership'>,
  placeId: number,
  session: { organizations: Organization[]; activeOrganization: Organization | null },
): Promise<Organization | null> {
  const owner = await store.ownership(placeId);
  if (!owner || owner.organizationId === session.activeOrganization?.id) return null;
  return session.organizations.find((o) => o.id === owner.organizationId) ?? null;
}
