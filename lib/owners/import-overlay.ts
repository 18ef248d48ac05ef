import type { OwnedOverlay } from '@/lib/places/owned-overlay';
import type { PlaceRecords } from '@/lib/places/place-records';
import { changedFields, type Listing, listingOf, pick, withListing } from './listing';
import type { Ownership, OwnerStore } from './store/types';

/**
 * The fields each owner set, laid over an import's records of their places (what the import differs in is named).
 * `written` keeps, for each owned place the import wrote, the file's values where they differ from the owner's.
 */
export function ownedOverlay(ownerships: Ownership[]): OwnedOverlay & { written: Map<number, Partial<Listing>> } {
  const byPlace = new Map(ownerships.map((o) => [o.placeId, o]));
  const written = new Map<number, Partial<Listing>>();
  return {
    written,
    apply(place) {
      const owner = byPlace.get(place.id);
      if (!owner) return null;
      const updatedOn = owner.updatedAt?.slice(0, 10) ?? place.owner_updated_on ?? null;
      const differing = changedFields(listingOf(place), owner.listing);
      written.set(place.id, pick(listingOf(place), differing));
      return { place: { ...withListing(place, owner.listing), owner_updated_on: updatedOn }, differing };
    },
  };
}

/**
 * After an import: each owned place it wrote keeps what the file would have changed, for its owner to accept or keep
 * (a place the file now agrees with has none). Returns how many places have differences.
 */
export async function recordImportDifferences(owners: OwnerStore, written: Map<number, Partial<Listing>>, at: string): Promise<number> {
  let differing = 0;
  for (const [placeId, fields] of written) {
    const any = Object.keys(fields).length > 0;
    await owners.setImportDifferences(placeId, any ? { at, fields } : null);
    if (any) differing++;
  }
  return differing;
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
