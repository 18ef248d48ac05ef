import type { OwnedOverlay } from '@/lib/places/owned-overlay';
import type { PlaceRecords } from '@/lib/places/place-records';
import { changedFields, listingOf, withListing } from './listing';
import type { Ownership, OwnerStore } from './store/types';

/** The fields each owner set, laid over an import's records of their places (what the import differs in is named). */
export function ownedOverlay(ownerships: Ownership[]): OwnedOverlay {
  const byPlace = new Map(ownerships.map((o) => [o.placeId, o]));
  return {
    apply(place) {
      const owner = byPlace.get(place.id);
      if (!owner) return null;
      const updatedOn = owner.updatedAt?.slice(0, 10) ?? place.owner_updated_on ?? null;
      return { place: { ...withListing(place, owner.listing), owner_updated_on: updatedOn }, differing: changedFields(listingOf(place), owner.listing) };
    },
  };
}

/**
 * After an import: the listings their owners edited while it ran (read before it began, its overlay did not have
 * them) written again over what it wrote. Returns how many.
 */
export async function reapplyEditsDuringImport(owners: OwnerStore, places: PlaceRecords, importStartedAt: string): Promise<number> {
  let written = 0;
  for (const owner of await owners.allOwnerships()) {
    if (!owner.updatedAt || owner.updatedAt < importStartedAt) continue;
    await owners.exclusively(owner.placeId, async () => {
      const current = await owners.ownership(owner.placeId);
      const record = current && (await places.record(owner.placeId));
      if (!current || !record) return;
      await places.replace({ ...withListing(record, current.listing), owner_updated_on: current.updatedAt?.slice(0, 10) ?? null });
      written++;
    });
  }
  return written;
}
