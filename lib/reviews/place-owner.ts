import { lookup } from '@/lib/core/registry';

/** The organization that owns a place (issue 53): its members answer reviews as it, they do not write them. */
export interface PlaceOwner {
  organizationId: string;
  organizationName: string;
}

export type PlaceOwnerLookup = (placeId: number) => Promise<PlaceOwner | null>;

/** Published by the owners subsystem, which sits above the reviews: they read owners without importing them. */
export const PLACE_OWNERS = 'reviews.place-owners';

export function placeOwnerLookup(): PlaceOwnerLookup | undefined {
  return lookup<PlaceOwnerLookup>(PLACE_OWNERS);
}

/** The organization owning the place when the person belongs to it; null when nobody owns it or they are not a member. */
export async function ownerTheyBelongTo(lookup: PlaceOwnerLookup | undefined, placeId: number, organizationIds: readonly string[]): Promise<PlaceOwner | null> {
  const owner = await lookup?.(placeId);
  return owner && organizationIds.includes(owner.organizationId) ? owner : null;
}
