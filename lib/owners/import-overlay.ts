import type { OwnedOverlay } from '@/lib/places/owned-overlay';
import { changedFields, listingOf, withListing } from './listing';
import type { Ownership } from './store/types';

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
